/** One line of the shortcuts dialog: the keys to press, in turn, and what they do. */
export interface ShortcutHelp {
  /** Each key as shown on its cap, pressed one after the other (or `together`). */
  keys: readonly string[];
  together?: boolean;
  does: string;
}

/**
 * Every keyboard shortcut (PRODUCT.md#keyboard-shortcuts), in the groups the `?` dialog shows.
 * `mod` is shown as Ctrl, or ⌘ on a Mac.
 */
export const SHORTCUT_GROUPS: readonly { title: string; shortcuts: readonly ShortcutHelp[] }[] = [
  {
    title: 'Lists of posts',
    shortcuts: [
      { keys: ['j'], does: 'Next post' },
      { keys: ['k'], does: 'Previous post' },
      { keys: ['Enter'], does: 'Open the post' },
      { keys: ['e'], does: 'Edit the post' },
      { keys: ['x'], does: 'Select the post' },
      { keys: ['#'], does: 'Delete the post' },
      { keys: ['m'], does: 'Move the post to another collection' },
    ],
  },
  {
    title: 'Anywhere',
    shortcuts: [
      { keys: ['mod', 'K'], together: true, does: 'Command palette' },
      { keys: ['/'], does: 'Search' },
      { keys: ['g', 'h'], does: 'Go home (Uncategorized)' },
      { keys: ['g', 's'], does: 'Go to search' },
      { keys: ['g', 't'], does: 'Go to tags' },
      { keys: ['Ctrl', 'Alt', 'N'], together: true, does: 'New post' },
      { keys: ['?'], does: 'Show these shortcuts' },
    ],
  },
];
