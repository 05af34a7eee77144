/**
 * How standard output and error reach their descriptor (io.ts's writeToDescriptor): a string in
 * one write when the descriptor takes it all, and otherwise the rest as bytes, from the byte where
 * a write stopped, until all is taken or a write throws (then the bytes not taken are returned, for
 * the stream to queue). The writes here are made up, so each case is exact: a descriptor that
 * takes a few bytes at a time, one that stops taking, one that takes nothing.
 */
import { describe, expect, it } from 'vitest';
import { type DescriptorWrite, writeToDescriptor } from '../src/io.js';

/** A descriptor that takes at most `each` bytes a write, and throws EAGAIN once it holds `capacity`. */
function descriptor(each: number, capacity = Infinity): { write: DescriptorWrite; taken: () => Buffer; calls: Array<'string' | 'bytes'> } {
  const chunks: Buffer[] = [];
  let held = 0;
  const calls: Array<'string' | 'bytes'> = [];
  const write: DescriptorWrite = (data, offset = 0) => {
    calls.push(typeof data === 'string' ? 'string' : 'bytes');
    const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data.subarray(offset));
    const room = Math.min(each, capacity - held, bytes.length);
    if (room <= 0 && bytes.length > 0) throw Object.assign(new Error('EAGAIN: resource temporarily unavailable, write'), { code: 'EAGAIN' });
    chunks.push(bytes.subarray(0, room));
    held += room;
    return room;
  };
  return { write, taken: () => Buffer.concat(chunks), calls };
}

const TEXTS = {
  ascii: '{"where":{"key":"BotScore","operator":"lt","value":"30"}}\n',
  'two- and four-byte characters': '{"where":{"key":"ClientRequestPath","operator":"eq","value":"/é/😀/ü"}}\n',
  empty: '',
};

describe('writeToDescriptor', () => {
  for (const [name, text] of Object.entries(TEXTS)) {
    it(`writes ${name} text whole in one write when the descriptor takes it`, () => {
      const target = descriptor(Infinity);
      expect(writeToDescriptor(text, target.write)).toBeUndefined();
      expect(target.taken().toString('utf8')).toBe(text);
      expect(target.calls).toEqual(['string']);
    });

    for (const each of [1, 2, 3, 5, 7]) {
      it(`writes ${name} text whole, byte for byte, to a descriptor that takes ${each} byte(s) a write`, () => {
        const target = descriptor(each);
        expect(writeToDescriptor(text, target.write)).toBeUndefined();
        expect(target.taken()).toEqual(Buffer.from(text));
      });
    }
  }

  it('goes on after a first write that took as many bytes as the text has characters, when it has more bytes', () => {
    const text = TEXTS['two- and four-byte characters'];
    const target = descriptor(text.length);
    expect(writeToDescriptor(text, target.write)).toBeUndefined();
    expect(target.taken()).toEqual(Buffer.from(text));
    expect(target.calls[0]).toBe('string');
    expect(target.calls.length).toBeGreaterThan(1);
  });

  it('returns the bytes a descriptor did not take once it stops taking, from the byte where it stopped', () => {
    const text = TEXTS['two- and four-byte characters'];
    for (const capacity of [0, 1, 5, 48, 49, 50, 51]) {
      const target = descriptor(4, capacity);
      const left = writeToDescriptor(text, target.write);
      expect(Buffer.concat([target.taken(), left ?? Buffer.alloc(0)])).toEqual(Buffer.from(text));
      expect(left?.length).toBe(Buffer.byteLength(text) - capacity);
    }
  });

  it('writes bytes given as bytes, and returns what was not taken', () => {
    const bytes = new TextEncoder().encode(TEXTS.ascii);
    const whole = descriptor(10);
    expect(writeToDescriptor(bytes, whole.write)).toBeUndefined();
    expect(whole.taken()).toEqual(Buffer.from(bytes));
    expect(whole.calls.every((call) => call === 'bytes')).toBe(true);
    const stopped = descriptor(10, 25);
    expect(Buffer.from(writeToDescriptor(bytes, stopped.write)!)).toEqual(Buffer.from(bytes.subarray(25)));
  });

  it('returns all of a text the descriptor refuses at once (a reader gone)', () => {
    const refuse: DescriptorWrite = () => {
      throw Object.assign(new Error('EPIPE: broken pipe, write'), { code: 'EPIPE' });
    };
    expect(Buffer.from(writeToDescriptor(TEXTS['two- and four-byte characters'], refuse)!)).toEqual(Buffer.from(TEXTS['two- and four-byte characters']));
  });
});
