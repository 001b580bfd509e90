/**
 * A local stand-in for Mailchimp's Marketing API 3.0 audiences, a test tool only: the shop's
 * newsletter adapter is pointed at it through MAILCHIMP_API_BASE. It answers the call the shop
 * makes, with Mailchimp's shapes:
 *
 * - PUT /lists/{list_id}/members/{subscriber_hash} (add or update a list member): HTTP Basic auth
 *   with any user name and the API key; the hash must be the MD5 of the lowercased email_address;
 *   `status_if_new` for a new member, `status` for an existing one; answers the member.
 * - Errors as application/problem+json {type, title, status, detail, instance}: 401 "API Key
 *   Invalid", 404 "Resource Not Found" for another list, 400 "Invalid Resource" for a bad body.
 */
import crypto from 'node:crypto';
import Fastify from 'fastify';

export interface MailchimpMember {
  id: string;
  email_address: string;
  status: string;
  language: string;
  merge_fields: Record<string, string>;
  last_changed: string;
}
export interface MailchimpEmulator {
  url: string;
  close(): Promise<void>;
  member(email: string): MailchimpMember | undefined;
  calls: number;
  failNext(status: number): void;
}

export async function startMailchimpEmulator(opts: { apiKey: string; listId: string }): Promise<MailchimpEmulator> {
  const app = Fastify();
  const members = new Map<string, MailchimpMember>();
  let calls = 0;
  let failing: number | null = null;
  const problem = (status: number, title: string, detail: string) => ({
    type: 'https://mailchimp.com/developer/marketing/docs/errors/',
    title,
    status,
    detail,
    instance: crypto.randomUUID(),
  });
  app.put<{ Params: { list: string; hash: string }; Body: Record<string, unknown> }>(
    '/3.0/lists/:list/members/:hash',
    async (req, reply) => {
      calls += 1;
      reply.type('application/problem+json');
      if (failing) {
        const s = failing;
        failing = null;
        return reply.code(s).send(problem(s, 'Service Unavailable', 'Try again later.'));
      }
      const [, key] = Buffer.from(String(req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':');
      if (key !== opts.apiKey)
        return reply
          .code(401)
          .send(
            problem(
              401,
              'API Key Invalid',
              "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
            ),
          );
      if (req.params.list !== opts.listId)
        return reply.code(404).send(problem(404, 'Resource Not Found', 'The requested resource could not be found.'));
      const b = req.body ?? {};
      const email = typeof b.email_address === 'string' ? b.email_address : '';
      const statuses = ['subscribed', 'unsubscribed', 'cleaned', 'pending', 'transactional'];
      if (
        !email.includes('@') ||
        crypto.createHash('md5').update(email.toLowerCase()).digest('hex') !== req.params.hash
      ) {
        return reply.code(400).send(problem(400, 'Invalid Resource', 'The resource submitted could not be validated.'));
      }
      const existing = members.get(req.params.hash);
      const status = String(existing ? (b.status ?? existing.status) : (b.status_if_new ?? ''));
      if (!statuses.includes(status))
        return reply.code(400).send(problem(400, 'Invalid Resource', 'The resource submitted could not be validated.'));
      const m: MailchimpMember = {
        id: req.params.hash,
        email_address: email,
        status,
        language: String(b.language ?? existing?.language ?? ''),
        merge_fields: { ...existing?.merge_fields, ...(b.merge_fields as Record<string, string> | undefined) },
        last_changed: new Date().toISOString(),
      };
      members.set(req.params.hash, m);
      return reply.type('application/json').send(m);
    },
  );
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${url}/3.0`,
    close: () => app.close(),
    member: (email) => members.get(crypto.createHash('md5').update(email.toLowerCase()).digest('hex')),
    get calls() {
      return calls;
    },
    failNext: (status) => {
      failing = status;
    },
  };
}
