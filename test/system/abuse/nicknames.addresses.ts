/** The client addresses of the nickname scenario's namespace: one IPv6 /64, another /64, IPv4 addresses. */
export const NAMESPACE_ADDRESSES = {
  sameNetwork: [
    'fd00:1:2:3::10',
    'fd00:1:2:3::11',
    'fd00:1:2:3::12',
    'fd00:1:2:3::a1',
    'fd00:1:2:3::b2',
    'fd00:1:2:3::c3',
  ],
  otherNetwork: ['fd00:1:2:4::10', 'fd00:1:2:4::11'],
  ipv4: Array.from({ length: 16 }, (_, index) => `10.9.0.${index + 2}`),
};

/** As `ip addr add` takes them. */
export const namespaceAddressList = (): string[] => [
  ...NAMESPACE_ADDRESSES.sameNetwork.map((address) => `${address}/64`),
  ...NAMESPACE_ADDRESSES.otherNetwork.map((address) => `${address}/64`),
  ...NAMESPACE_ADDRESSES.ipv4.map((address) => `${address}/32`),
];
