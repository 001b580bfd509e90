import { RULES as R, sec, type LanguageContent } from './types.js';

export const es: LanguageContent = {
  policies: (site) => ({
    privacy: {
      title: 'Política de privacidad',
      html:
        sec(
          'Responsable',
          `Esta política explica cómo el Mall (sitio ${site.name}) trata sus datos personales conforme al RGPD y a la LOPDGDD.`,
        ) +
        sec('Datos que tratamos', [
          'Datos de cuenta: correo electrónico, apodo y contraseña cifrada',
          'Datos de pedidos: direcciones de envío y facturación, teléfono, artículos, valoraciones y solicitudes posventa',
          'Datos de pago: la tarjeta la procesa el proveedor de pagos; solo guardamos un token y los cuatro últimos dígitos',
          'Cookies de sesión, de sitio y de idioma',
        ]) +
        sec(
          'Finalidades',
          'Gestionar y entregar sus pedidos, tramitar reembolsos, devoluciones y cambios, prevenir el fraude y, solo con su consentimiento, enviarle comunicaciones comerciales.',
        ) +
        sec(
          'Destinatarios',
          'La tienda vendedora de cada pedido, las empresas de transporte y los proveedores de pago. No vendemos datos personales.',
        ) +
        sec(
          'Sus derechos',
          'Puede ejercer sus derechos de acceso, rectificación, supresión, oposición, limitación y portabilidad escribiendo a privacidad@demo.shop, y reclamar ante la Agencia Española de Protección de Datos.',
        ),
    },
    terms: {
      title: 'Términos y condiciones',
      html:
        sec(
          'Ámbito',
          `Estas condiciones se aplican a todos los pedidos realizados en el sitio ${site.name} del Mall. Cada artículo lo vende la tienda indicada en su página.`,
        ) +
        sec(
          'Pedido y pago',
          `Los pedidos no pagados se cierran automáticamente ${R.payMinutes} minutos después de realizarse.`,
        ) +
        sec(
          'Precios',
          `Los precios incluyen el IVA del ${site.vat} %. Los gastos de envío se muestran antes del pago.`,
        ) +
        sec(
          'Entrega y recepción',
          `Confirme la recepción cuando todo se haya enviado; si no, el pedido se confirma automáticamente ${R.receiptDays} días después del envío (ampliable ${R.postponeTimes} veces ${R.postponeDays} días).`,
        ) +
        sec(
          'Desistimiento y devoluciones',
          `Dispone de 14 días naturales desde la recepción para desistir sin indicar el motivo. El vendedor revisa cada solicitud en ${R.auditDays} días; las devoluciones aprobadas se envían en ${R.returnDays} días. El reembolso se hace al medio de pago original.`,
        ),
    },
    warranty: {
      title: 'Garantía',
      html:
        sec(
          'Garantía del fabricante',
          'Estructuras y motores: 5 años; tableros, sillas y accesorios: 2 años desde la entrega.',
        ) +
        sec('Garantía legal', 'Esta garantía se suma a la garantía legal de conformidad de tres años y no la limita.') +
        sec(
          'Cómo reclamar',
          `Abra su pedido, elija posventa y describa el problema con fotos. El vendedor responde en ${R.auditDays} días.`,
        ),
    },
    shipping: {
      title: 'Política de envíos',
      html:
        sec(
          'Métodos de envío',
          'Cada tienda muestra en el pago sus métodos, precios y plazos de entrega. El envío estándar es gratuito a partir del importe indicado por cada tienda.',
        ) +
        sec(
          'Seguimiento',
          'Tras el envío puede seguir cada paquete desde su pedido con el transportista y el número de seguimiento.',
        ),
    },
  }),
  categories: [
    { code: 'guias', name: 'Guías de compra' },
    { code: 'noticias', name: 'Noticias' },
  ],
  articles: [
    {
      category: 'guias',
      pinned: true,
      daysAgo: 4,
      author: 'Redacción',
      title: 'Cómo elegir un escritorio elevable',
      summary: 'Rango de altura, motores y tamaño del tablero.',
      html: '<h2>Rango de altura</h2><p>Mida la altura de sus codos sentado y de pie; el escritorio debe alcanzar ambas.</p><h2>Tamaño del tablero</h2><p>160 × 80 cm para dos monitores.</p>',
    },
    {
      category: 'noticias',
      daysAgo: 11,
      author: 'Equipo Mall',
      title: 'Valoraciones con fotos',
      summary: 'Comparta hasta seis fotos con su valoración.',
      html: '<p>Ahora puede añadir hasta seis fotos a su valoración.</p>',
    },
  ],
};
