/**
 * The collection icon catalogue (PRODUCT.md#icon-catalogue): id → label, in its ranges.
 * The server accepts only these ids for `icon_id`; the web draws each one.
 */
export const collectionIcons = {
  // 101–108 shapes
  101: 'Circle',
  102: 'Square',
  103: 'Triangle',
  104: 'Star',
  105: 'Heart',
  106: 'Hexagon',
  107: 'Diamond',
  108: 'Bookmark',
  // 201–202 people
  201: 'Person',
  202: 'Group',
  // 301–307 nature
  301: 'Leaf',
  302: 'Tree',
  303: 'Flower',
  304: 'Sun',
  305: 'Moon',
  306: 'Cloud',
  307: 'Mountain',
  // 401–409 travel
  401: 'Plane',
  402: 'Car',
  403: 'Train',
  404: 'Ship',
  405: 'Bicycle',
  406: 'Map',
  407: 'Compass',
  408: 'Globe',
  409: 'Tent',
  // 501–505 messages
  501: 'Mail',
  502: 'Chat',
  503: 'Message',
  504: 'Send',
  505: 'Inbox',
  // 601–602 alerts
  601: 'Bell',
  602: 'Warning',
  // 701–702 markers
  701: 'Flag',
  702: 'Pin',
  // 801–806 education
  801: 'Book',
  802: 'Graduation cap',
  803: 'Pencil',
  804: 'Library',
  805: 'Notebook',
  806: 'Light bulb',
  // 901–904 commerce
  901: 'Shopping cart',
  902: 'Credit card',
  903: 'Wallet',
  904: 'Price tag',
  // 1001–1007 devices
  1001: 'Laptop',
  1002: 'Phone',
  1003: 'Tablet',
  1004: 'Monitor',
  1005: 'Keyboard',
  1006: 'Mouse',
  1007: 'Printer',
  // 1101–1110 media
  1101: 'Music',
  1102: 'Video',
  1103: 'Camera',
  1104: 'Image',
  1105: 'Film',
  1106: 'Headphones',
  1107: 'Microphone',
  1108: 'Radio',
  1109: 'Television',
  1110: 'Game controller',
  // 1201–1202 buildings
  1201: 'House',
  1202: 'Office building',
  // 1301–1303 tools
  1301: 'Wrench',
  1302: 'Hammer',
  1303: 'Gear',
  // 4001–4017 programming brands
  4001: 'JavaScript',
  4002: 'TypeScript',
  4003: 'Python',
  4004: 'Rust',
  4005: 'Go',
  4006: 'Java',
  4007: 'PHP',
  4008: 'React',
  4009: 'Vue.js',
  4010: 'Node.js',
  4011: 'Docker',
  4012: 'Kubernetes',
  4013: 'Linux',
  4014: 'Git',
  4015: 'GitHub',
  4016: 'GitLab',
  4017: 'Stack Overflow',
  // 4101–4113 company brands
  4101: 'Google',
  4102: 'Apple',
  4103: 'Wikipedia',
  4104: 'YouTube',
  4105: 'Reddit',
  4106: 'Mozilla',
  4107: 'Spotify',
  4108: 'Netflix',
  4109: 'Discord',
  4110: 'Mastodon',
  4111: 'Figma',
  4112: 'Dropbox',
  4113: 'WordPress',
} as const satisfies Record<number, string>;

export type CollectionIconId = keyof typeof collectionIcons;

/** Every icon id, in catalogue order. */
export const collectionIconIds = Object.keys(collectionIcons).map(Number) as CollectionIconId[];

export function isCollectionIconId(id: number): id is CollectionIconId {
  return Object.hasOwn(collectionIcons, id);
}
