/**
 * `logfilter completion bash|zsh|fish`: a shell completion script made from the program's own
 * command definitions (every command, subcommand, option and option choice), so it never goes
 * stale. Dataset names are embedded from the catalog; field names (for a filter argument) are
 * asked of `logfilter fields DATASET` when the shell completes them.
 */
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { EXIT_OK, UsageError } from '../io.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

/** One command of the program, by its path of names ('' for the program itself). */
interface CommandSpec {
  path: string;
  description: string;
  subcommands: string[];
  options: OptionSpec[];
  /** Whether its first argument is filter text (field names complete there). */
  takesFilter: boolean;
}

interface OptionSpec {
  flags: string[];
  description: string;
  takesValue: boolean;
  choices: string[];
}

/** The options whose value is a dataset name. */
const DATASET_OPTIONS = ['-d', '--dataset'];
/** The commands whose first argument is a dataset name. */
const DATASET_ARGUMENT = ['fields'];

export function registerCompletion(program: Command, context: Context, fullProgram: () => Command): void {
  const { io } = context;
  program
    .command('completion')
    .description('print a shell completion script (bash, zsh or fish)')
    .argument('<shell>', `the shell: ${SHELLS.join(', ')}`)
    .addHelpText(
      'after',
      '\nExamples:\n  source <(logfilter completion bash)    # in ~/.bashrc\n  source <(logfilter completion zsh)     # in ~/.zshrc\n  logfilter completion fish > ~/.config/fish/completions/logfilter.fish\n',
    )
    .action(
      context.action((shell: string) => {
        if (!(SHELLS as readonly string[]).includes(shell)) throw new UsageError(`no completion for shell '${shell}': choose one of ${SHELLS.join(', ')}`);
        const specs = commandSpecs(fullProgram());
        const datasets = context
          .catalog()
          .all()
          .map((dataset) => dataset.id);
        io.stdout.write(completionScript(shell as Shell, specs, datasets));
        return EXIT_OK;
      }),
    );
}

/** Every command of `program`, walked depth first, with its options (`--help` included). */
function commandSpecs(program: Command, path = ''): CommandSpec[] {
  const visible = program.commands.filter((command) => !(command as unknown as { _hidden?: boolean })._hidden);
  const options: OptionSpec[] = program.options
    .filter((option) => !option.hidden)
    .map((option) => ({
      flags: [option.short, option.long].filter((flag): flag is string => flag !== undefined),
      description: option.description,
      takesValue: option.required || option.optional,
      choices: option.argChoices ?? [],
    }));
  options.push({ flags: ['-h', '--help'], description: 'display help for command', takesValue: false, choices: [] });
  const spec: CommandSpec = {
    path,
    description: program.description(),
    subcommands: visible.map((command) => command.name()),
    options,
    takesFilter: program.registeredArguments[0]?.name() === 'filter',
  };
  return [spec, ...visible.flatMap((command) => commandSpecs(command, path ? `${path} ${command.name()}` : command.name()))];
}

function completionScript(shell: Shell, specs: readonly CommandSpec[], datasets: readonly string[]): string {
  if (shell === 'fish') return fishScript(specs, datasets);
  const bash = bashScript(specs, datasets);
  // zsh runs the bash function through its bash-completion layer.
  if (shell === 'bash') return bash;
  return `# logfilter completion for zsh, through zsh's bash-completion layer\n(( $+functions[compdef] )) || { autoload -U +X compinit && compinit }\nautoload -U +X bashcompinit && bashcompinit\n${bash}`;
}

/** A word in single quotes for bash and zsh. */
const shQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** A word in single quotes for fish. */
const fishQuote = (text: string) => `'${text.replace(/[\\']/g, (char) => `\\${char}`)}'`;

const flagsOf = (spec: CommandSpec, valued: boolean) => spec.options.filter((option) => option.takesValue === valued).flatMap((option) => option.flags);

function bashScript(specs: readonly CommandSpec[], datasets: readonly string[]): string {
  const cases = specs.map((spec) =>
    [
      `    ${shQuote(spec.path)})`,
      `      subs=${shQuote(spec.subcommands.join(' '))}`,
      `      opts=${shQuote(flagsOf(spec, false).join(' '))}`,
      `      valued=${shQuote(flagsOf(spec, true).join(' '))}`,
      `      filter=${spec.takesFilter ? 1 : 0} ;;`,
    ].join('\n'),
  );
  const choices = specs.flatMap((spec) =>
    spec.options
      .filter((option) => option.choices.length > 0)
      .flatMap((option) => option.flags.map((flag) => `    ${shQuote(`${spec.path}|${flag}`)}) echo ${shQuote(option.choices.join(' '))} ;;`)),
  );
  return `# logfilter completion for bash (made by \`logfilter completion bash\`)
_logfilter_spec() {
  subs='' opts='' valued='' filter=0
  case "$1" in
${cases.join('\n')}
  esac
}

_logfilter_choices() {
  case "$1" in
${choices.join('\n')}
  esac
}

_logfilter_datasets=${shQuote(datasets.join(' '))}

_logfilter() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="" at="" dataset="http_requests" word i subs opts valued filter
  # (not 'path': zsh ties that name to PATH)
  local rootvalued
  _logfilter_spec ''
  rootvalued=" $valued "
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    _logfilter_spec "$at"
    if [[ $word == -* ]]; then
      if [[ " $valued " == *" $word "* || $rootvalued == *" $word "* ]]; then
        case "$word" in ${DATASET_OPTIONS.join('|')}) dataset="\${COMP_WORDS[i + 1]}" ;; esac
        if ((i + 1 == COMP_CWORD)); then prev="$word"; fi
        ((i++))
      fi
    elif [[ " $subs " == *" $word "* ]]; then
      at="\${at:+$at }$word"
    fi
  done
  _logfilter_spec "$at"
  COMPREPLY=()
  if [[ -n $prev ]]; then
    case "$prev" in
      ${DATASET_OPTIONS.join('|')}) COMPREPLY=($(compgen -W "$_logfilter_datasets" -- "$cur")) ;;
      *)
        local listed
        listed="$(_logfilter_choices "$at|$prev")"
        [[ -z $listed ]] && listed="$(_logfilter_choices "|$prev")"
        if [[ -n $listed ]]; then COMPREPLY=($(compgen -W "$listed" -- "$cur")); else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
    esac
  elif [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts $valued" -- "$cur"))
  elif [[ -n $subs ]]; then
    COMPREPLY=($(compgen -W "$subs" -- "$cur"))
  elif [[ " ${DATASET_ARGUMENT.join(' ')} " == *" $at "* ]]; then
    COMPREPLY=($(compgen -W "$_logfilter_datasets" -- "$cur"))
  elif ((filter)); then
    # A quoted filter is one word ('ClientCountry eq us AND Bot): the field being typed is its last
    # part, after a space or bracket; what comes before it is kept (readline replaces the text after
    # the opening quote, so the quote itself is left out).
    local fields text="$cur" head last
    [[ $text == [\\"\\']* ]] && text="\${text:1}"
    head="\${text%[[:space:]()]*}"
    if [[ $head == "$text" ]]; then head=""; else head="\${text:0:\${#head}+1}"; fi
    last="\${text:\${#head}}"
    fields="$(\${COMP_WORDS[0]} fields "$dataset" 2>/dev/null | cut -d ' ' -f 1)"
    COMPREPLY=($(compgen -W "$fields" -- "$last"))
    [[ -n $head ]] && COMPREPLY=("\${COMPREPLY[@]/#/$head}")
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o default -F _logfilter logfilter
`;
}

function fishScript(specs: readonly CommandSpec[], datasets: readonly string[]): string {
  const keys = (valued: boolean) =>
    specs.flatMap((spec) => (valued ? flagsOf(spec, true).map((flag) => `${spec.path}|${flag}`) : spec.subcommands.map((name) => `${spec.path}|${name}`)));
  const lines = [
    '# logfilter completion for fish (made by `logfilter completion fish`)',
    `set -g __logfilter_subs ${keys(false).map(fishQuote).join(' ')}`,
    `set -g __logfilter_valued ${keys(true).map(fishQuote).join(' ')}`,
    `set -g __logfilter_datasets ${datasets.map(fishQuote).join(' ')}`,
    'function __logfilter_path',
    '    set -l path',
    '    set -l skip 0',
    '    for word in (commandline -opc)[2..-1]',
    '        if test $skip = 1',
    '            set skip 0',
    '            continue',
    '        end',
    '        set -l key "$path|$word"',
    '        if string match -q -- "-*" $word',
    '            if contains -- $key $__logfilter_valued; or contains -- "|$word" $__logfilter_valued',
    '                set skip 1',
    '            end',
    '        else if contains -- $key $__logfilter_subs',
    '            set path (string trim -- "$path $word")',
    '        end',
    '    end',
    '    echo $path',
    'end',
    'function __logfilter_at',
    '    test (__logfilter_path) = "$argv[1]"',
    'end',
    'complete -c logfilter -f',
  ];
  for (const spec of specs) {
    const at = `-n ${fishQuote(`__logfilter_at ${fishQuote(spec.path)}`)}`;
    for (const name of spec.subcommands) {
      const child = specs.find((other) => other.path === (spec.path ? `${spec.path} ${name}` : name));
      lines.push(`complete -c logfilter ${at} -a ${fishQuote(name)} -d ${fishQuote(child?.description ?? '')}`);
    }
    for (const option of spec.options) {
      const names = option.flags.map((flag) => (flag.startsWith('--') ? `-l ${flag.slice(2)}` : `-s ${flag.slice(1)}`)).join(' ');
      const values = DATASET_OPTIONS.some((flag) => option.flags.includes(flag))
        ? " -r -a '$__logfilter_datasets'"
        : option.choices.length > 0
          ? ` -r -a ${fishQuote(option.choices.join(' '))}`
          : option.takesValue
            ? ' -r -F'
            : '';
      lines.push(`complete -c logfilter ${at} ${names}${values} -d ${fishQuote(option.description)}`);
    }
    if (DATASET_ARGUMENT.includes(spec.path)) lines.push(`complete -c logfilter ${at} -a '$__logfilter_datasets'`);
  }
  return `${lines.join('\n')}\n`;
}
