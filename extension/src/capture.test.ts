import { describe, expect, it } from 'vitest';
import { createPostBody, POST_DESCRIPTION_MAX, POST_TITLE_MAX } from '../../contract/posts.ts';
import { isSaveableUrl, noteFromSelection, postBodyFor, titleOfPage } from './capture.ts';

describe('noteFromSelection', () => {
  it('keeps line breaks and makes every other run of white space one space', () => {
    expect(noteFromSelection('  First\tline  with\u00a0 gaps \r\nSecond line\r\n')).toBe(
      'First line with gaps\nSecond line',
    );
  });

  it('keeps one empty line between paragraphs, never more', () => {
    expect(noteFromSelection('One\n \n\n\n  Two\n\nThree')).toBe('One\n\nTwo\n\nThree');
  });

  it('is empty for a selection of white space only', () => {
    expect(noteFromSelection(' \n\t ')).toBe('');
  });

  it('cuts a long selection to the description limit, ending with an ellipsis', () => {
    const note = noteFromSelection('word '.repeat(POST_DESCRIPTION_MAX));
    expect(note.length).toBeLessThanOrEqual(POST_DESCRIPTION_MAX);
    expect(note.endsWith('word…')).toBe(true);
  });
});

describe('titleOfPage', () => {
  it('trims, makes spaces single and cuts to the title limit', () => {
    expect(titleOfPage('  A \n title  ')).toBe('A title');
    expect(titleOfPage('x'.repeat(300))).toHaveLength(POST_TITLE_MAX);
    expect(titleOfPage(undefined)).toBe('');
  });
});

describe('isSaveableUrl', () => {
  it('takes web pages only', () => {
    expect(isSaveableUrl('https://example.org/a')).toBe(true);
    expect(isSaveableUrl('http://127.0.0.1:8080/')).toBe(true);
    expect(isSaveableUrl('chrome://extensions/')).toBe(false);
    expect(isSaveableUrl('about:blank')).toBe(false);
    expect(isSaveableUrl(undefined)).toBe(false);
  });
});

describe('postBodyFor', () => {
  const capture = { url: 'https://example.org/a', title: ' Page ', note: ' Quoted text ' };

  it('makes a link post in the collection with title, note and tags, as the contract takes', () => {
    const body = postBodyFor(capture, 12, ['reading']);
    expect(body).toEqual({
      content: 'https://example.org/a',
      title: 'Page',
      description: 'Quoted text',
      collection_id: 12,
      tag_names: ['reading'],
    });
    expect(createPostBody.safeParse(body).success).toBe(true);
  });

  it('saves into Uncategorized for collection 0, without title or note when there are none', () => {
    const body = postBodyFor({ url: capture.url, title: '', note: '' }, 0, []);
    expect(body).toEqual({
      content: 'https://example.org/a',
      title: null,
      description: null,
      collection_id: null,
      is_uncategorized: true,
      tag_names: [],
    });
    expect(createPostBody.safeParse(body).success).toBe(true);
  });
});
