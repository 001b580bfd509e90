/**
 * Demo product images, drawn on the fly as SVG from the file name (no network, no files):
 * /media/demo/<shape>-<hue>-<label>.svg
 */
import type { FastifyInstance } from 'fastify';

const SHAPES: Record<string, (c: string) => string> = {
  desk: (c) =>
    `<rect x="60" y="150" width="280" height="26" rx="6" fill="${c}"/><rect x="80" y="176" width="18" height="140" fill="#555"/><rect x="302" y="176" width="18" height="140" fill="#555"/>`,
  chair: (c) =>
    `<rect x="140" y="70" width="120" height="130" rx="20" fill="${c}"/><rect x="125" y="200" width="150" height="30" rx="10" fill="${c}"/><rect x="192" y="230" width="16" height="70" fill="#555"/><rect x="140" y="300" width="120" height="12" rx="6" fill="#555"/>`,
  box: (c) =>
    `<polygon points="200,70 320,130 200,190 80,130" fill="${c}"/><polygon points="80,130 200,190 200,320 80,260" fill="#0002"/><polygon points="320,130 200,190 200,320 320,260" fill="#0004"/>`,
  bag: (c) =>
    `<path d="M110 140 h180 l20 170 h-220 z" fill="${c}"/><path d="M160 140 v-30 a40 40 0 0 1 80 0 v30" stroke="#555" stroke-width="10" fill="none"/>`,
  gift: (c) =>
    `<rect x="100" y="150" width="200" height="160" fill="${c}"/><rect x="90" y="120" width="220" height="40" fill="${c}"/><rect x="190" y="120" width="20" height="190" fill="#fff8"/>`,
  ticket: (c) => `<path d="M70 130 h260 v40 a30 30 0 0 0 0 60 v40 h-260 v-40 a30 30 0 0 0 0 -60 z" fill="${c}"/>`,
  coffee: (c) =>
    `<path d="M120 130 h150 v120 a60 60 0 0 1 -60 60 h-30 a60 60 0 0 1 -60 -60 z" fill="${c}"/><path d="M270 160 a30 30 0 0 1 0 60" stroke="${c}" stroke-width="14" fill="none"/>`,
  lamp: (c) =>
    `<polygon points="150,90 250,90 290,190 110,190" fill="${c}"/><rect x="193" y="190" width="14" height="110" fill="#555"/><rect x="140" y="300" width="120" height="14" rx="7" fill="#555"/>`,
};

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function mediaRoutes(app: FastifyInstance): void {
  app.get<{ Params: { name: string } }>('/media/demo/:name', { schema: { hide: true } }, async (req, reply) => {
    const m = /^([a-z]+)-(\d{1,3})-([\w-]{0,60})\.svg$/.exec(req.params.name);
    if (!m) return reply.code(404).send({ code: 'Common.notFound', message: 'Not found' });
    const [, shape, hue, label] = m;
    const color = `hsl(${Number(hue) % 360} 55% 55%)`;
    const draw = SHAPES[shape!] ?? SHAPES.box!;
    const text = escapeXml(label!.replace(/-/g, ' ').slice(0, 28));
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${text}">` +
      `<rect width="400" height="400" fill="hsl(${Number(hue) % 360} 40% 95%)"/>${draw(color)}` +
      `<text x="200" y="370" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#333">${text}</text></svg>`;
    return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });
}
