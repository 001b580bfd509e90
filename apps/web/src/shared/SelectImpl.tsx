// Mantine's Select (with floating-ui and the combobox, ~35 KB gzip) in a module of its own, for
// forms that open in a dialog and load it lazily.
export { Select } from '@mantine/core';
