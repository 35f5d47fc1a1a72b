import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';

/**
 * What a screen reader hears while an item of a sortable list is dragged (dnd-kit's live
 * region): the item's name and where it is, never its id. `nameOf` gives an item's name from its
 * id (a post's title, a collection's name); `positionOf`, its 1-based place among `count()`.
 */
export function dragAnnouncements({
  nameOf,
  positionOf,
  count,
}: {
  nameOf: (id: UniqueIdentifier) => string;
  positionOf: (id: UniqueIdentifier) => number;
  count: () => number;
}): Announcements {
  const place = (id: UniqueIdentifier) => `position ${positionOf(id)} of ${count()}`;
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, ${place(active.id)}.`,
    onDragOver: ({ active, over }) => {
      if (!over) return `${nameOf(active.id)} is not over the list.`;
      return over.id === active.id
        ? `${nameOf(active.id)} is at ${place(over.id)}.`
        : `${nameOf(active.id)} moved to ${place(over.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at ${place(over.id)}.`
        : `${nameOf(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
}
