import { describe, expect, it } from 'vitest';
import * as mantine from '@mantine/core';
import { MANTINE_CLASSES } from './mantine-classes';

describe('plain components', () => {
  it("use the class names of the installed Mantine's components", () => {
    for (const [name, classes] of Object.entries(MANTINE_CLASSES)) {
      const component = (mantine as unknown as Record<string, { classes: Record<string, string> }>)[name]!;
      for (const [part, className] of Object.entries(classes)) expect(`${name}.${part} ${component.classes[part]}`).toBe(`${name}.${part} ${className}`);
    }
  });
});
