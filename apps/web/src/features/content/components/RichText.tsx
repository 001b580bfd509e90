import { Typography } from '@mantine/core';

/**
 * Stored rich text (articles, forum posts, policy pages). The server sanitises it with one
 * allow-list when it is stored and again when it is served (modules/content/sanitize.ts); only
 * that sanitised HTML is ever put into the page here.
 */
export function RichText({ html }: { html: string }) {
  return (
    <Typography>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
