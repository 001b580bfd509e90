import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting.js';

describe('greetingFor', () => {
  it.each([
    [0, 'morning'],
    [6, 'morning'],
    [10, 'morning'],
    [11, 'noon'],
    [12, 'noon'],
    [13, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [23, 'evening'],
  ] as const)('hour %i -> %s', (hour, greeting) => {
    expect(greetingFor(hour)).toBe(greeting);
  });
});
