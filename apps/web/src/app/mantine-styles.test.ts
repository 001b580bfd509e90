import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appMantineStyles, componentsReached, mantineCoreDir, mantineImports, stylesFor, unstyledClasses } from '../../mantine-styles';
import { MANTINE_CLASSES } from '../shared/mantine-classes';

const coreDir = mantineCoreDir();
const esmDir = path.join(coreDir, 'esm');
const whole = fs.readFileSync(path.join(coreDir, 'styles.css'), 'utf8');
/** The root class of a Mantine component, read from its styles module as the component does. */
const rootClass = (component: string) => /"root":\s*"(m_[0-9a-f]{8})"/.exec(fs.readFileSync(path.join(esmDir, 'components', component, `${component}.module.mjs`), 'utf8'))![1]!;

describe("Mantine's stylesheet, cut to the components the app uses (mantine-styles.ts)", () => {
  it('reads the values a source imports from @mantine/core, not its types', () => {
    const source = `import { Button, Group as Row,\n  type MantineSize, Modal } from '@mantine/core';\nimport type { BoxProps } from '@mantine/core';\nimport { useId } from '@mantine/hooks';`;
    expect(mantineImports(source)).toEqual(['Button', 'Group', 'Modal']);
  });

  it('follows a component into the components its code uses', () => {
    const select = componentsReached(esmDir, ['Select']);
    expect([...select]).toEqual(expect.arrayContaining(['Select', 'Combobox', 'Popover', 'Input', 'ScrollArea']));
    expect(select.has('Modal')).toBe(false);
    expect(() => componentsReached(esmDir, ['NoSuchComponent'])).toThrow(/no export NoSuchComponent/);
  });

  it("keeps the reset, the variables and the chosen components' rules, in the whole stylesheet's order", () => {
    const css = stylesFor(coreDir, ['Button', 'Anchor', 'Group']);
    const at = (component: string) => css.indexOf(`.${rootClass(component)}`);
    for (const c of ['Button', 'Anchor', 'Group']) expect(at(c)).toBeGreaterThan(-1);
    expect(whole.indexOf(`.${rootClass('Anchor')}`) < whole.indexOf(`.${rootClass('Button')}`)).toBe(at('Anchor') < at('Button'));
    expect(css).toContain('--mantine-scale'); // default-css-variables
    expect(css).not.toContain(`.${rootClass('Modal')}`);
    expect(css.length).toBeLessThan(whole.length / 5);
  });

  it("styles every component the app renders, plain.tsx's class names included, leaving out the rest of the whole file", () => {
    const css = appMantineStyles();
    const plainClasses = Object.values(MANTINE_CLASSES).flatMap((classes) => Object.values(classes)).join(' ');
    expect(unstyledClasses(plainClasses, css)).toEqual([]);
    for (const used of ['Modal', 'Tabs', 'Pagination', 'Stepper', 'Checkbox']) expect(css).toContain(`.${rootClass(used)}`);
    expect(css.length).toBeLessThan(whole.length * 0.75);
  });

  it('names the Mantine classes in scripts that the stylesheet has no rule for', () => {
    const code = 'const classes={root:"m_77c9d27d",inner:"m_80f1301b"};const other="m_00000000";';
    expect(unstyledClasses(code, '.m_77c9d27d{color:red}.m_80f1301b:where([data-x]){}')).toEqual(['m_00000000']);
  });
});
