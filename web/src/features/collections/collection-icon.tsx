import { Folder, FolderOpen } from 'lucide-react';
import { siNodedotjs, siPython, siReact, siStackoverflow, siWikipedia } from 'simple-icons';
import {
  collectionIcons,
  isCollectionIconId,
  type CollectionIconId,
} from '../../../../contract/icons.ts';

/** The icons drawn inline (brand marks, PRODUCT.md#collection-icons); the others: `/glyphs.svg`. */
export const inlineGlyphs = {
  4003: siPython,
  4008: siReact,
  4010: siNodedotjs,
  4017: siStackoverflow,
  4103: siWikipedia,
} as const;
export type InlineIconId = keyof typeof inlineGlyphs;

/** Where the glyph sprite is served (built by web/glyph-sprite.ts). */
export const GLYPH_SPRITE_URL = '/glyphs.svg';

/** The sprite symbol id of a catalogue icon. */
export function glyphSymbolId(id: CollectionIconId): string {
  return `glyph-${id}`;
}

function isInline(id: CollectionIconId): id is InlineIconId {
  return Object.hasOwn(inlineGlyphs, id);
}

/**
 * A collection's icon (PRODUCT.md#collection-icons): ids 4003, 4008, 4010, 4017 and 4103 drawn
 * inline, the others from the glyph sprite, a folder (open when `open`) when it has none.
 * Decorative unless `label` is given.
 */
export function CollectionIcon({
  iconId,
  open = false,
  className = 'size-4 shrink-0',
  label,
}: {
  iconId: number | null | undefined;
  open?: boolean;
  className?: string;
  label?: string;
}) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  if (iconId == null || !isCollectionIconId(iconId)) {
    const FolderIcon = open ? FolderOpen : Folder;
    return <FolderIcon className={className} {...a11y} />;
  }
  if (isInline(iconId)) {
    return (
      <svg viewBox="0 0 24 24" fill="currentColor" className={className} {...a11y}>
        <path d={inlineGlyphs[iconId].path} />
      </svg>
    );
  }
  return (
    <svg className={className} {...a11y}>
      <use href={`${GLYPH_SPRITE_URL}#${glyphSymbolId(iconId)}`} />
    </svg>
  );
}

/** The catalogue label of an icon id, for pickers and screen readers. */
export function iconLabel(id: CollectionIconId): string {
  return collectionIcons[id];
}
