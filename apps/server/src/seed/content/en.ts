import { RULES as R, sec, type LanguageContent } from './types.js';

export const en: LanguageContent = {
  policies: (site) => ({
    privacy: {
      title: 'Privacy Policy',
      html:
        sec(
          'Who we are',
          `This policy explains how the Mall (${site.name} site) handles your personal data when you browse, buy and ask for after-sales service.`,
        ) +
        sec('What we collect', [
          'Account data: email address, nickname and a hashed password (we never store your password itself).',
          'Order data: shipping and billing addresses, phone numbers, the items you order, reviews and after-sales requests.',
          'Payment data: the payment provider processes your card; we keep only a token and the last four digits to show saved cards.',
          'Technical data: a session cookie that keeps you signed in, and cookies for your chosen site and language.',
        ]) +
        sec(
          'Why we use it',
          'To create and deliver your orders, handle refunds, returns and exchanges, prevent fraud, answer your questions and, only with your consent, send newsletters or text messages.',
        ) +
        sec(
          'Who receives it',
          'The seller of each order (to ship it and handle after-sales), carriers (name, address and phone for delivery) and payment providers. We do not sell personal data.',
        ) +
        sec(
          'How long we keep it',
          'Order and invoice records are kept as long as tax law requires; account data until you close your account. Session cookies expire after 30 days.',
        ) +
        sec(
          'Your rights',
          site.code === 'US'
            ? 'Depending on your state (for example California under the CCPA/CPRA) you may request access to, correction or deletion of your personal data and opt out of any sale or sharing. Write to privacy@demo.shop; we answer within 45 days.'
            : "Under the UK GDPR you may ask for access, correction, erasure, restriction or a copy of your data, and object to processing. Write to privacy@demo.shop; you may also complain to the Information Commissioner's Office (ICO).",
        ),
    },
    terms: {
      title: site.code === 'US' ? 'Terms and Conditions' : 'Terms and Conditions of Sale',
      html:
        sec(
          'Scope',
          `These terms apply to every order placed on the Mall's ${site.name} site. Each item is sold by the shop named on its page; the Mall runs the platform and payment.`,
        ) +
        sec(
          'Orders and payment',
          `An order is placed when you submit the checkout. Unpaid orders close automatically ${R.payMinutes} minutes after they are placed. You can pay by card or PayPal; approved business accounts may also pay on invoice with payment terms.`,
        ) +
        sec(
          'Prices and tax',
          site.vat === null
            ? 'Prices are shown without sales tax. Sales tax is added at checkout at the rate of the state the goods are shipped to (or of the store for pickup orders).'
            : `Prices include VAT at ${site.vat} %. Delivery costs are shown at checkout before you pay.`,
        ) +
        sec(
          'Delivery and receipt',
          `Once all items have shipped, please confirm receipt. If you do not, the order is confirmed automatically ${R.receiptDays} days after shipping; you may postpone this ${R.postponeTimes} times by ${R.postponeDays} days each.`,
        ) +
        sec(
          'Cancellation, returns and refunds',
          site.vat === null
            ? `You may cancel before shipping, and ask for a refund, return or exchange from your order page. The seller reviews each request within ${R.auditDays} days (otherwise it is approved automatically). Approved returns must be sent back within ${R.returnDays} days. Refunds go back to the original payment method.`
            : `You have the statutory right to cancel within 14 days of receiving the goods without giving a reason. Ask for it from your order page; the seller reviews each request within ${R.auditDays} days (otherwise it is approved automatically). Approved returns must be sent back within ${R.returnDays} days. Refunds go back to the original payment method.`,
        ) +
        sec(
          'Reviews',
          'Only buyers of an item can review it, once per bought line, with one follow-up. Sellers may reply but never edit or hide reviews.',
        ) +
        sec('Contact', 'Questions about these terms: service@demo.shop.'),
    },
    warranty: {
      title: 'Warranty',
      html:
        sec(
          'Manufacturer warranty',
          'Furniture frames and electric desk motors carry a 5-year warranty; desktops, chairs and accessories 2 years, from the delivery date.',
        ) +
        sec(
          site.code === 'US' ? 'Implied warranties' : 'Your statutory rights',
          site.code === 'US'
            ? 'This warranty is in addition to any implied warranties under the laws of your state.'
            : 'Under the Consumer Rights Act 2015 goods must be of satisfactory quality, fit for purpose and as described; this warranty does not limit those rights.',
        ) +
        sec('What is not covered', [
          'Normal wear and tear',
          'Damage from misuse, overloading or unauthorised repair',
          'Cosmetic changes that do not affect use',
        ]) +
        sec(
          'How to claim',
          `Open your order, choose after-sales and describe the problem with photos. The seller answers within ${R.auditDays} days and repairs, replaces or refunds the item.`,
        ),
    },
    shipping: {
      title: 'Shipping Policy',
      html:
        sec(
          'Delivery options',
          "Each shop shows its delivery methods, their prices and delivery times at checkout, for example standard delivery (3-7 business days) and express delivery (1-2 business days). Standard delivery is free above each shop's threshold shown at checkout.",
        ) +
        sec(
          'Store pickup',
          'Some shops offer pickup at a store within 60 miles of your address; choose it at checkout.',
        ) +
        sec(
          'Tracking',
          'When your order ships you can follow each package from your order page with its carrier and tracking number.',
        ) +
        sec(
          'Large items',
          'Oversized or bulk goods are delivered by freight after an order request; the seller agrees the delivery date with you.',
        ),
    },
    ...(site.code === 'US'
      ? {
          sms: {
            title: 'SMS Terms',
            html:
              sec(
                'Text messages',
                'If you opt in at checkout or in your account, we send order updates and offers to your mobile number. Message frequency varies; message and data rates may apply.',
              ) +
              sec(
                'Stop and help',
                'Reply STOP to any message to unsubscribe and HELP for help. Consent is not a condition of purchase.',
              ) +
              sec('Privacy', 'Your number is used only as described in our Privacy Policy and never sold.'),
          },
        }
      : {}),
  }),
  categories: [
    { code: 'guides', name: 'Buying guides' },
    { code: 'ergonomics', name: 'Ergonomics' },
    { code: 'news', name: 'News' },
  ],
  articles: [
    {
      category: 'guides',
      pinned: true,
      daysAgo: 3,
      author: 'Mall editors',
      title: 'How to choose a standing desk',
      summary: 'Height range, motors, desktop size and stability: what matters when you buy.',
      html: '<h2>Height range</h2><p>Measure your elbow height standing and sitting; the desk should reach both with a few centimetres to spare.</p><h2>One motor or two</h2><p>Dual motors lift heavier loads more quietly and keep the frame level.</p><h2>Desktop size</h2><ul><li>120 × 60 cm for a laptop</li><li>160 × 80 cm for two monitors</li></ul><p>Our <a href="/item/diy-desk-bundle">DIY standing desk</a> lets you pick the top that fits.</p>',
    },
    {
      category: 'ergonomics',
      pinned: true,
      daysAgo: 6,
      author: 'Mall editors',
      title: 'Five habits for a healthier workday',
      summary: 'Alternate sitting and standing, set your screen right and move every hour.',
      html: "<h2>Alternate</h2><p>Change position every 30 to 60 minutes rather than standing all day.</p><h2>Screen height</h2><p>The top edge of the monitor at eye level, an arm's length away.</p><h2>Move</h2><ol><li>Walk during calls</li><li>Stretch your shoulders</li><li>Drink water</li></ol>",
    },
    {
      category: 'guides',
      daysAgo: 10,
      author: 'Mall editors',
      title: 'Cable management in ten minutes',
      summary: 'A cable tray, a few ties and one power strip make any desk tidy.',
      html: '<p>Mount a cable tray under the desktop, put one power strip into it and bundle every cable along the leg with reusable ties.</p><blockquote>Leave enough slack for the full height range of a standing desk.</blockquote>',
    },
    {
      category: 'news',
      daysAgo: 14,
      author: 'Mall team',
      title: 'Store pickup now available',
      summary: 'Pick up your order at a store near you at no delivery cost.',
      html: '<p>Shops with stores can now offer pickup: choose it at checkout and we show the stores within 60 miles of your address.</p>',
    },
    {
      category: 'news',
      daysAgo: 21,
      author: 'Mall team',
      title: 'Reviews with photos',
      summary: 'Share up to six photos with your review.',
      html: '<p>Buyers can now add up to six photos to a review and a follow-up later. Sellers can reply, but never edit or hide reviews.</p>',
    },
  ],
};

/** The UK site: the same policies in British English, fewer articles. */
export const enUk: LanguageContent = { ...en, articles: en.articles.slice(0, 3) };
