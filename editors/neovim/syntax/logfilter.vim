" Vim syntax file for logfilter filters (.lf): comments, strings with escapes, AND/OR/NOT, the
" operators (words and symbols), numbers, and the field name that starts each criterion. Neovim
" 0.9 and later get semantic tokens from the language server as well; before 0.9 this file is all
" the highlighting there is. editors/neovim/logfilter.lua puts its folder on 'runtimepath'.
if exists('b:current_syntax')
  finish
endif

syntax case ignore

syntax match logfilterComment /#.*$/ contains=@Spell
syntax region logfilterString start=/"/ skip=/\\./ end=/"\|$/ oneline contains=logfilterEscape
syntax region logfilterString start=/'/ skip=/\\./ end=/'\|$/ oneline contains=logfilterEscape
syntax match logfilterEscape /\\./ contained

" The operators' words, as the language reads them in any case (core's operator table: names,
" aliases and deprecated spellings; `!eq` is `!` then `eq`).
syntax keyword logfilterOperator eq lt leq lte gt geq gte startsWith endsWith in
" `contains` is an argument of :syntax keyword, so it is a match.
syntax match logfilterOperator /\v<contains>/
syntax match logfilterOperator /==\|!=\|<>\|<=\|>=\|[<>=]/
syntax keyword logfilterLogical and or not
syntax match logfilterLogical /&&\|||\|!/

syntax match logfilterNumber /\v-?<\d+%(\.\d+)?>/
" A field: the first word of a criterion, after the start of a line, '(', AND, OR or NOT.
syntax match logfilterField /\v%(%(^|[(]|<%(and|or|not)>|\&\&|\|\||!)\s*)@<=[A-Za-z_][^ \t()\[\],"'#!=<>&|]*/

highlight default link logfilterComment Comment
highlight default link logfilterString String
highlight default link logfilterEscape SpecialChar
highlight default link logfilterOperator Operator
highlight default link logfilterLogical Keyword
highlight default link logfilterNumber Number
highlight default link logfilterField Identifier

let b:current_syntax = 'logfilter'
