import type { Faker } from '@faker-js/faker';
import { zipfWords } from './scenarios/search.ts';

/** One generated page: its HTML and how many words its article holds. */
export interface ArticlePage {
  html: string;
  articleWords: number;
}

/** An inline SVG icon as sites draw their share buttons. */
const SHARE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M18 16.08c-.76 0-1.44.3-1.96.77L8.91 12.7c.05-.23.09-.46.09-.7s-.04-.47-.09-.7l7.05-4.11c.54.5 1.25.81 2.04.81 1.66 0 3-1.34 3-3s-1.34-3-3-3-3 1.34-3 3c0 .24.04.47.09.7L8.04 9.81C7.5 9.31 6.79 9 6 9c-1.66 0-3 1.34-3 3s1.34 3 3 3c.79 0 1.5-.31 2.04-.81l7.12 4.16c-.05.21-.08.43-.08.65 0 1.61 1.31 2.92 2.92 2.92s2.92-1.31 2.92-2.92-1.31-2.92-2.92-2.92z"/></svg>';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Pages as news sites and blogs serve them, for the page copy benchmark: a head with a stylesheet,
 * metadata (Open Graph, author, publication date) and analytics scripts; a header with the logo,
 * a navigation menu of 12 links and a search form; a leaderboard ad (an iframe and its script);
 * breadcrumbs; the article (a title, a byline, a lead picture with a caption, then sections of a
 * heading and 3–6 paragraphs, with pictures, quotes, lists and ad slots between them) of about
 * `words` words drawn by the search benchmark's Zipf law; a sidebar (most popular, an ad, a
 * newsletter form); 5–30 reader comments; a footer of four columns of links; a cookie banner;
 * the page's state as inline JSON (the article's paragraphs again, as script-rendered sites ship
 * them) and tracking scripts at the end. Everything is drawn from `faker`, so the same seed gives the same pages in the same
 * order. Pictures and links are relative to the page's own site.
 */
export function articlePages(faker: Faker, words = 2_000): (n: number) => ArticlePage {
  const { word } = zipfWords(faker);
  const sentence = () => {
    const text = Array.from({ length: faker.number.int({ min: 6, max: 24 }) }, word).join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}${faker.helpers.arrayElement(['.', '.', '.', '?', '!'])}`;
  };
  const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean).length;
  const title = () => {
    const text = Array.from({ length: faker.number.int({ min: 4, max: 10 }) }, word).join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}`;
  };
  const link = (path: string, text: string) => `<a href="${path}">${escape(text)}</a>`;
  const sections = ['World', 'Politics', 'Business', 'Technology', 'Science', 'Health', 'Sport'];
  const adSlot = (n: number, kind: string) =>
    `<div class="ad ad-${kind}" id="div-gpt-ad-${n}" data-ad-slot="${faker.string.numeric(10)}">
      <span class="ad-label">Advertisement</span>
      <iframe src="https://ads.example.net/serve?slot=${n}&amp;size=728x90" width="728" height="90" frameborder="0" scrolling="no"></iframe>
      <script>(window.adsQueue = window.adsQueue || []).push({ slot: 'div-gpt-ad-${n}', sizes: [[728, 90], [300, 250]] });</script>
    </div>`;

  return (n) => {
    const site = `${faker.company.name()} ${faker.helpers.arrayElement(['Times', 'Post', 'Journal', 'Review', 'Notes', 'Daily'])}`;
    const headline = title();
    const author = faker.person.fullName();
    const published = faker.date
      .between({ from: '2019-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' })
      .toISOString();
    const description = sentence();
    const picture = (i: number) =>
      `<figure class="article-image"><img src="/images/${n}-${i}.png" srcset="/images/${n}-${i}.png 1x, /images/${n}-${i}@2x.png 2x" width="1200" height="675" alt="${escape(title())}" loading="lazy"><figcaption>${escape(sentence())} <span class="credit">Photo: ${escape(faker.person.fullName())}</span></figcaption></figure>`;

    const body: string[] = [];
    let articleWords = 0;
    let ads = 1;
    while (articleWords < words) {
      const heading = title();
      articleWords += wordsOf(heading);
      body.push(`<h2 id="section-${body.length}">${escape(heading)}</h2>`);
      for (let p = faker.number.int({ min: 3, max: 6 }); p > 0 && articleWords < words; p--) {
        const text = Array.from({ length: faker.number.int({ min: 3, max: 7 }) }, sentence).join(
          ' ',
        );
        articleWords += wordsOf(text);
        body.push(`<p>${escape(text)}</p>`);
      }
      const extra = faker.number.int({ min: 0, max: 5 });
      if (extra === 0) body.push(picture(body.length));
      if (extra === 1) {
        const quote = sentence();
        articleWords += wordsOf(quote);
        body.push(`<blockquote><p>${escape(quote)}</p><cite>${escape(author)}</cite></blockquote>`);
      }
      if (extra === 2) {
        const items = Array.from({ length: faker.number.int({ min: 3, max: 6 }) }, sentence);
        articleWords += items.reduce((sum, item) => sum + wordsOf(item), 0);
        body.push(`<ul>${items.map((item) => `<li>${escape(item)}</li>`).join('')}</ul>`);
      }
      if (extra === 3) body.push(adSlot(++ads, 'inline'));
      if (extra === 4) {
        body.push(
          `<aside class="related"><h4>Read more</h4><ul>${Array.from({ length: 3 }, (_, i) => `<li>${link(`/article/${n}-related-${i}`, title())}</li>`).join('')}</ul></aside>`,
        );
      }
    }

    const comments = Array.from(
      { length: faker.number.int({ min: 5, max: 30 }) },
      (_, i) =>
        `<article class="comment" id="comment-${i}"><header><img class="avatar" src="/avatars/${i}.png" width="40" height="40" alt=""><strong>${escape(faker.internet.username())}</strong> <time datetime="${published}">${faker.number.int({ min: 1, max: 48 })} hours ago</time></header><p>${escape(Array.from({ length: faker.number.int({ min: 1, max: 4 }) }, sentence).join(' '))}</p><footer><button class="reply">Reply</button> <button class="like">Like (${faker.number.int(200)})</button></footer></article>`,
    );
    const footerColumns = Array.from(
      { length: 4 },
      () =>
        `<div class="footer-column"><h4>${escape(faker.commerce.department())}</h4><ul>${Array.from({ length: 6 }, () => `<li>${link(`/${faker.helpers.slugify(faker.word.noun())}`, faker.word.noun())}</li>`).join('')}</ul></div>`,
    );

    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(headline)} | ${escape(site)}</title>
<meta name="description" content="${escape(description)}">
<meta name="author" content="${escape(author)}">
<meta property="og:type" content="article">
<meta property="og:title" content="${escape(headline)}">
<meta property="og:description" content="${escape(description)}">
<meta property="og:site_name" content="${escape(site)}">
<meta property="og:image" content="/images/${n}-lead.png">
<meta property="article:published_time" content="${published}">
<link rel="icon" href="/favicon.png">
<link rel="stylesheet" href="/static/site.css">
<style>body{font-family:Georgia,serif;margin:0}.site-header{display:flex;gap:1rem;padding:1rem;background:#222;color:#fff}.main-nav ul{display:flex;list-style:none;gap:1rem}.ad{margin:1rem auto;text-align:center;background:#f4f4f4}.ad-label{font-size:.7rem;text-transform:uppercase;color:#888}article{max-width:42rem;margin:0 auto;line-height:1.6}.sidebar{float:right;width:300px}.comment{border-top:1px solid #ddd;padding:.5rem 0}footer{background:#111;color:#ccc;padding:2rem}</style>
<script async src="https://www.googletagmanager.example/gtag/js?id=G-${faker.string.alphanumeric(10).toUpperCase()}"></script>
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config','G-BENCH',{anonymize_ip:true});</script>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":${JSON.stringify(headline)},"datePublished":"${published}","author":{"@type":"Person","name":${JSON.stringify(author)}}}</script>
</head>
<body class="article-page">
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
<a class="logo" href="/"><img src="/logo.png" width="180" height="40" alt="${escape(site)}"></a>
<nav class="main-nav" aria-label="Sections"><ul>${[...sections, 'Opinion', 'Culture', 'Travel', 'Food', 'Video'].map((name) => `<li>${link(`/${name.toLowerCase()}`, name)}</li>`).join('')}</ul></nav>
<form class="search" action="/search" role="search"><input type="search" name="q" placeholder="Search"><button>Search</button></form>
<a class="subscribe" href="/subscribe">Subscribe</a> <a class="sign-in" href="/login">Sign in</a>
</header>
${adSlot(1, 'leaderboard')}
<nav class="breadcrumbs" aria-label="Breadcrumbs">${link('/', 'Home')} › ${link('/section', faker.helpers.arrayElement(sections))}</nav>
<main id="main">
<article class="story">
<h1>${escape(headline)}</h1>
<p class="byline">By <a rel="author" href="/authors/${faker.helpers.slugify(author).toLowerCase()}">${escape(author)}</a> · <time datetime="${published}">${published.slice(0, 10)}</time> · <span class="reading-time">${Math.ceil(words / 230)} min read</span></p>
<div class="share-buttons">${['twitter', 'facebook', 'linkedin', 'email'].map((network) => `<a href="https://${network}.example/share" aria-label="Share on ${network}">${SHARE_ICON}</a>`).join(' ')} <button class="copy-link">Copy link</button></div>
${picture(0).replace(`/images/${n}-0.png`, `/images/${n}-lead.png`)}
${body.join('\n')}
<div class="tags">${Array.from({ length: 4 }, () => link(`/tag/${faker.word.noun()}`, faker.word.noun())).join(' ')}</div>
</article>
<aside class="sidebar">
<section class="most-popular"><h3>Most popular</h3><ol>${Array.from({ length: 10 }, (_, i) => `<li>${link(`/article/${n}-popular-${i}`, title())}</li>`).join('')}</ol></section>
${adSlot(++ads, 'sidebar')}
<section class="newsletter"><h3>Get the morning briefing</h3><form action="/newsletter" method="post"><input type="email" name="email" placeholder="you@example.com"><button>Sign up</button></form></section>
</aside>
<section class="comments" id="comments"><h2>${comments.length} comments</h2>
${comments.join('\n')}
<form class="comment-form" action="/comments" method="post"><textarea name="comment"></textarea><button>Post comment</button></form>
</section>
</main>
<footer class="site-footer">
${footerColumns.join('\n')}
<p class="copyright">© ${published.slice(0, 4)} ${escape(site)}. All rights reserved. ${link('/privacy', 'Privacy')} · ${link('/terms', 'Terms')} · ${link('/cookies', 'Cookie settings')}</p>
</footer>
<div class="cookie-banner" role="dialog"><p>We use cookies to improve your experience.</p><button>Accept all</button> <button>Manage</button></div>
<script id="__APP_STATE__" type="application/json">${JSON.stringify({ page: { id: n, headline, author, published, paragraphs: body.filter((part) => part.startsWith('<p>')) }, ads: { slots: ads }, user: null }).replace(/</g, '\\u003c')}</script>
<script src="/static/app.js" defer></script>
<script>(function(){var s=document.createElement('script');s.src='https://analytics.example/track.js?site=${n}';document.head.appendChild(s)})();</script>
</body>
</html>
`;
    return { html, articleWords };
  };
}
