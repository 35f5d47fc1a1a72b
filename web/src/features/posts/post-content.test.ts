import { describe, expect, it } from 'vitest';
import {
  contentFromPlainText,
  displayDomain,
  displayUrl,
  postName,
  faviconPathOf,
  isBlankContent,
  isWebUrl,
  prefillContent,
  readableTextOn,
  renderRichContent,
  taskIndexOf,
  toggleTask,
  stripSingleParagraph,
} from './post-content.ts';

describe('stripSingleParagraph', () => {
  it('unwraps content that is one paragraph', () => {
    expect(stripSingleParagraph('<p>https://example.com</p>')).toBe('https://example.com');
    expect(stripSingleParagraph('<p>Hello <strong>you</strong></p>')).toBe(
      'Hello <strong>you</strong>',
    );
  });

  it('keeps several paragraphs and other blocks as they are', () => {
    expect(stripSingleParagraph('<p>a</p><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(stripSingleParagraph('<h1>a</h1>')).toBe('<h1>a</h1>');
    expect(stripSingleParagraph('<p>a</p><ul><li><p>b</p></li></ul>')).toBe(
      '<p>a</p><ul><li><p>b</p></li></ul>',
    );
  });

  it('does not mistake <pre> or <param> for a paragraph', () => {
    expect(stripSingleParagraph('<p>a <pre>x</pre> b</p>')).toBe('a <pre>x</pre> b');
  });
});

describe('isBlankContent', () => {
  it('is true for empty or whitespace-only documents', () => {
    expect(isBlankContent('<p></p>')).toBe(true);
    expect(isBlankContent('<p> &nbsp; </p><p></p>')).toBe(true);
  });

  it('is false for text, rules and images', () => {
    expect(isBlankContent('<p>x</p>')).toBe(false);
    expect(isBlankContent('<hr>')).toBe(false);
    expect(isBlankContent('<p><img src="https://example.com/a.png"></p>')).toBe(false);
  });
});

describe('prefillContent', () => {
  it('makes a paragraph of the text and of the url', () => {
    expect(prefillContent({ url: 'https://a.example' })).toBe('<p>https://a.example</p>');
    expect(prefillContent({ text: 'Look <here>', url: 'https://a.example' })).toBe(
      '<p>Look &lt;here&gt;</p><p>https://a.example</p>',
    );
  });

  it('leaves out a url the text already holds, and empty parts', () => {
    expect(prefillContent({ text: 'see https://a.example', url: 'https://a.example' })).toBe(
      '<p>see https://a.example</p>',
    );
    expect(prefillContent({ text: '  ', url: null })).toBe('');
  });
});

describe('displayUrl', () => {
  it('shows percent-encoded UTF-8 as the characters it stands for', () => {
    expect(
      displayUrl('https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC?q=%C3%A9t%C3%A9#%E2%9C%93'),
    ).toBe('https://ja.wikipedia.org/wiki/東京?q=été#✓');
  });

  it('keeps reserved characters, spaces and invisible characters encoded', () => {
    expect(displayUrl('https://example.com/a%2Fb%3Fc%20d%0A%E2%80%AEe')).toBe(
      'https://example.com/a%2Fb%3Fc%20d%0A%E2%80%AEe',
    );
  });

  it('leaves a URL with a malformed escape as it is', () => {
    expect(displayUrl('https://example.com/%E6%9D')).toBe('https://example.com/%E6%9D');
    expect(displayUrl('https://example.com/100%')).toBe('https://example.com/100%');
  });
});

describe('postName', () => {
  const link = { type: 'link' as const, base_url: null };
  const url = 'https://www.example.com/some/page';

  it('is the title when there is one', () => {
    expect(postName({ ...link, title: 'A page', url, content: url })).toBe('A page');
    expect(
      postName({ type: 'text', title: 'Notes', url: null, content: '<p>x</p>', base_url: null }),
    ).toBe('Notes');
  });

  it('is the domain for a link whose title is empty or only its URL', () => {
    expect(postName({ ...link, title: url, url, content: url })).toBe('example.com');
    expect(postName({ ...link, title: null, url, content: url })).toBe('example.com');
  });

  it('is Untitled note for a note without a title', () => {
    expect(
      postName({ type: 'text', title: '', url: null, content: '<p>x</p>', base_url: null }),
    ).toBe('Untitled note');
  });
});

describe('displayDomain', () => {
  it('is the host without www', () => {
    expect(displayDomain('https://www.example.com/path?q=1')).toBe('example.com');
    expect(displayDomain('http://docs.example.org')).toBe('docs.example.org');
    expect(displayDomain('not a url')).toBe('');
    expect(displayDomain(null)).toBe('');
  });
});

describe('isWebUrl', () => {
  it('accepts only http and https', () => {
    expect(isWebUrl('https://example.com')).toBe(true);
    expect(isWebUrl('HTTP://example.com')).toBe(true);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('ftp://example.com')).toBe(false);
  });
});

describe('readableTextOn', () => {
  it('picks dark text on light colours and white on dark ones', () => {
    expect(readableTextOn('#ffffff')).toBe('#1c1917');
    expect(readableTextOn('#ff7700')).toBe('#1c1917');
    expect(readableTextOn('#123')).toBe('#ffffff');
    expect(readableTextOn('#1e3a8a')).toBe('#ffffff');
  });

  it('refuses anything but hex colours', () => {
    expect(readableTextOn('red')).toBeUndefined();
    expect(readableTextOn('#12345')).toBeUndefined();
  });
});

describe('contentFromPlainText', () => {
  it('keeps one line as it is, escaped, so a pasted URL makes a link post', () => {
    expect(contentFromPlainText('  https://example.com/a?b=1&c=2 \n')).toBe(
      'https://example.com/a?b=1&amp;c=2',
    );
    expect(contentFromPlainText('<b>not markup</b>')).toBe('&lt;b&gt;not markup&lt;/b&gt;');
  });

  it('makes a paragraph of each line', () => {
    expect(contentFromPlainText('one\r\n\nthree')).toBe('<p>one</p><p></p><p>three</p>');
  });
});

describe('faviconPathOf', () => {
  it('is the Nestmark path of the host’s favicon', () => {
    expect(faviconPathOf('https://Example.com:8443/a')).toBe('/api/favicons/example.com:8443');
    expect(faviconPathOf('mailto:me@example.com')).toBeUndefined();
    expect(faviconPathOf('https://example.com/a', 'ShareToken42')).toBe(
      '/api/favicons/example.com?token=ShareToken42',
    );
    expect(faviconPathOf(null)).toBeUndefined();
  });
});

describe('renderRichContent', () => {
  it('turns an unfurling link into a link block with favicon, title and host', () => {
    const html = renderRichContent(
      '<p>See</p><unfurling-link href="https://www.example.com/x" data-title="Example &amp; Co"></unfurling-link>',
    );
    const block = new DOMParser().parseFromString(html, 'text/html').querySelector('a')!;
    expect(block.className).toBe('unfurling-link');
    expect(block.getAttribute('href')).toBe('https://www.example.com/x');
    expect(block.target).toBe('_blank');
    expect(block.rel).toBe('noopener noreferrer nofollow');
    expect(block.querySelector('img')!.getAttribute('src')).toBe('/api/favicons/www.example.com');
    expect(block.textContent).toBe('Example & Coexample.com');
    expect(html.startsWith('<p>See</p>')).toBe(true);
  });

  it('leaves content without unfurling links untouched, and never links a non-web address', () => {
    expect(renderRichContent('<p>a &amp; b</p>')).toBe('<p>a &amp; b</p>');
    const html = renderRichContent(
      '<unfurling-link href="mailto:x@y.z" data-title=""></unfurling-link>',
    );
    expect(html).not.toContain('href');
    expect(html).toContain('mailto:x@y.z');
  });
});

describe('task lists', () => {
  const tasks =
    '<ul data-type="taskList"><li data-type="taskItem" data-checked="false"><label><input type="checkbox"><span></span></label><div><p>Buy milk</p></div></li>' +
    '<li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked="checked"><span></span></label><div><p>Call Ada</p></div></li></ul>';
  const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
  const boxes = (html: string) => [...parse(html).querySelectorAll('input')];

  it('names each box by its task, and disables it unless the user may tick it', () => {
    const readOnly = boxes(renderRichContent(tasks));
    expect(readOnly.map((box) => box.getAttribute('aria-label'))).toEqual(['Buy milk', 'Call Ada']);
    expect(readOnly.every((box) => box.disabled)).toBe(true);
    expect(boxes(renderRichContent(tasks, { tasks: 'toggle' })).some((box) => box.disabled)).toBe(
      false,
    );
  });

  it('ticks and unticks a task by its index, box and data-checked together', () => {
    const ticked = toggleTask(tasks, 0);
    expect([...parse(ticked).querySelectorAll('li')].map((li) => li.dataset.checked)).toEqual([
      'true',
      'true',
    ]);
    expect(boxes(ticked).map((box) => box.checked)).toEqual([true, true]);
    const unticked = toggleTask(tasks, 1);
    expect(boxes(unticked).map((box) => box.checked)).toEqual([false, false]);
    expect(parse(unticked).querySelectorAll('li')[1]!.getAttribute('data-checked')).toBe('false');
    expect(toggleTask(tasks, 5)).toBe(tasks);
  });

  it('finds the task a click on its box or label belongs to, and nothing for other clicks', () => {
    const container = document.createElement('div');
    container.innerHTML = renderRichContent(`<p>Before</p>${tasks}`, { tasks: 'toggle' });
    const [first, second] = container.querySelectorAll('input');
    expect(taskIndexOf(container, first!)).toBe(0);
    expect(taskIndexOf(container, second!.parentElement!)).toBe(1);
    expect(taskIndexOf(container, container.querySelector('p')!)).toBeUndefined();
    expect(taskIndexOf(container, container.querySelectorAll('div p')[0]!)).toBeUndefined();
  });
});
