/**
 * Mantine's class names (each component's `classes`), written out for plain.tsx: importing the
 * components to read them would bring their code into every first load. plain.test.ts checks
 * them against the installed Mantine; the build keeps these components' styles in the app's
 * stylesheet (vite.config.ts: mantineUsedStyles).
 */
export const MANTINE_CLASSES = {
  ActionIcon: { root: 'm_8d3f4000', icon: 'm_8d3afb97' },
  Alert: { root: 'm_66836ed3', wrapper: 'm_a5d60502', body: 'm_667c2793', message: 'm_7fa78076' },
  Anchor: { root: 'm_849cf0da' },
  Badge: { root: 'm_347db0ec', label: 'm_5add502a' },
  Burger: { root: 'm_fea6bf1a', burger: 'm_d4fb9cad' },
  Button: { root: 'm_77c9d27d', inner: 'm_80f1301b', label: 'm_811560b9', loader: 'm_a25b86ee' },
  Card: { root: 'm_e615b15f', section: 'm_599a2148' },
  Center: { root: 'm_4451eb3a' },
  ComboboxChevron: { chevron: 'm_2943220b' },
  Chip: { root: 'm_f59ffda3', input: 'm_bde07329', label: 'm_be049a53', 'label--filled': 'm_fa109255', iconWrapper: 'm_9ac86df9', checkIcon: 'm_d6d72580' },
  Container: { root: 'm_7485cace' },
  Divider: { root: 'm_3eebeb36' },
  Group: { root: 'm_4081bf90' },
  Image: { root: 'm_9e117634' },
  Indicator: { root: 'm_e5262200', indicator: 'm_760d1fb1' },
  Loader: { root: 'm_5ae2e3c', ovalLoader: 'm_b34414df' },
  Input: { root: 'm_46b77525', label: 'm_8fdc1311', wrapper: 'm_6c018570', input: 'm_8fb7ebe7', section: 'm_82577fc2' },
  Paper: { root: 'm_1b7284a3' },
  RadioIndicator: { indicator: 'm_717d7ff6', icon: 'm_3e4da632' },
  Progress: { root: 'm_db6d6462', section: 'm_2242eb65' },
  Skeleton: { root: 'm_18320242' },
  Stack: { root: 'm_6d731127' },
  Stepper: {
    root: 'm_cbb4ea7e', steps: 'm_aaf89d0b', separator: 'm_2a371ac9', step: 'm_cbb57068', 'step--horizontal': 'm_f56b1e2c', stepWrapper: 'm_818e70b',
    stepIcon: 'm_1959ad01', stepIconContent: 'm_8faaac38', stepCompletedIcon: 'm_a79331dc', stepBody: 'm_1956aa2a', stepLabel: 'm_12051f6c',
  },
  Table: { table: 'm_b23fa0ef', tbody: 'm_b2404537', tr: 'm_4e7aa4fd', td: 'm_4e7aa4ef' },
  Text: { root: 'm_b6d8b162' },
  Title: { root: 'm_8a5d1357' },
  UnstyledButton: { root: 'm_87cf2631' },
  VisuallyHidden: { root: 'm_515a97f8' },
} as const;
