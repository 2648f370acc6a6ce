import { kafkaTestBrokers } from './kafka-test-env';
import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { loadPlatformaticKafka } from '@pulse/platform/bus/platformatic-kafka/platformatic-kafka.library';

/** Consumer groups as the broker sees them. */
export interface GroupWatch {
  /** e.g. 'Stable with 2 members' */
  describe(group: string): Promise<string>;
  /** After how long without a heartbeat the broker presumes a member of these groups dead. */
  sessionTimeoutMs(tuned: number): Promise<number>;
  close(): Promise<void>;
}

function kafkajsAdmin() {
  return new Kafka({
    brokers: kafkaTestBrokers(),
    clientId: 'pulse-bus-spec-admin',
    logLevel: logLevel.NOTHING,
  }).admin();
}

/** Groups on the classic protocol (kafkajs members), through kafkajs's admin (DescribeGroups). */
export async function classicGroupWatch(): Promise<GroupWatch> {
  const admin = kafkajsAdmin();
  await admin.connect();
  return {
    async describe(group) {
      const { groups } = await admin.describeGroups([group]);
      return `${groups[0].state} with ${groups[0].members.length} members`;
    },
    // The member asks for its own session timeout in JoinGroup.
    sessionTimeoutMs: (tuned) => Promise.resolve(tuned),
    close: () => admin.disconnect(),
  };
}

/**
 * Groups on the consumer group protocol (KIP-848, @platformatic/kafka members): DescribeGroups does not
 * describe them, ConsumerGroupDescribe does. Sent to each test broker until the group's coordinator answers
 * (one broker in infra/local). Their session timeout is the broker's, read from its configuration.
 */
export async function consumerGroupWatch(): Promise<GroupWatch> {
  const library = await loadPlatformaticKafka();
  const connections = await Promise.all(
    kafkaTestBrokers().map(async (address) => {
      const [host, port] = address.split(':');
      const connection = new library.Connection('pulse-bus-spec-admin');
      await connection.connect(host, Number(port));
      return connection;
    }),
  );
  const NOT_COORDINATOR = 16;
  return {
    async describe(group) {
      for (const connection of connections) {
        const { groups } = await library.consumerGroupDescribeV0.api.async(connection, [group], false);
        if (groups[0].errorCode === NOT_COORDINATOR) continue;
        return `${groups[0].groupState} with ${groups[0].members.length} members`;
      }
      throw new Error(`no test broker coordinates group '${group}'`);
    },
    async sessionTimeoutMs() {
      const admin = kafkajsAdmin();
      await admin.connect();
      try {
        const { brokers } = await admin.describeCluster();
        const { resources } = await admin.describeConfigs({
          includeSynonyms: false,
          resources: [
            {
              type: ConfigResourceTypes.BROKER,
              name: String(brokers[0].nodeId),
              configNames: ['group.consumer.session.timeout.ms'],
            },
          ],
        });
        return Number(resources[0].configEntries[0].configValue);
      } finally {
        await admin.disconnect();
      }
    },
    close: async () => {
      await Promise.all(connections.map((connection) => connection.close()));
    },
  };
}
