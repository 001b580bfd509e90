// Mantine's Tooltip in a module of its own, fetched by shared/LazyTooltip.tsx.
export { Tooltip } from '@mantine/core';
