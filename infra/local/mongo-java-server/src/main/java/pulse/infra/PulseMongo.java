package pulse.infra;

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * Local MongoDB-wire-compatible server for Pulse dev/tests (started by infra/local/pulse-local).
 *
 * <p>Usage: {@code java -cp ... pulse.infra.PulseMongo HOST PORT (memory | h2:FILE | h2-library:FILE) [THREADS]}; {@code h2} is
 * mongo-java-server's H2 backend with our secondary indexes (infra/local/README.md), {@code h2-library} the library's
 * own, kept as the benchmark's baseline.
 *
 * <p>Reports itself as MongoDB 4.4 (wire version 9); see {@link #REPORTED_VERSION} for why and what that does not mean.
 */
public final class PulseMongo {
    /**
     * What the server says it is in its handshake ({@code isMaster}: maxWireVersion) and in {@code buildInfo}.
     *
     * <p>The Node.js driver 7.x (under mongoose 9) closes the connection before any command when a server reports a
     * maximum wire version below 9 (MongoDB 4.4), and mongo-java-server 1.47.0 offers nothing above wire 8 in its
     * {@code ServerVersion} enum. Its backend takes any {@link MongoVersion}, and the number is used for the handshake
     * and buildInfo replies only (no command changes behaviour with it), so we report 9 ourselves.
     *
     * <p>This does not make the server MongoDB 4.4: it still implements only mongo-java-server's subset (no
     * transactions, sessions, change streams or {@code $text}; TTL and partial indexes ignored; infra/local/README.md).
     * Wire 9 only tells the driver which command shapes it may send; the ones we send are proven by the store, outbox
     * and lease contract suites and the smoke test running against this server.
     */
    static final MongoVersion REPORTED_VERSION = new MongoVersion() {
        @Override
        public List<Integer> getVersionArray() {
            return List.of(4, 4, 0);
        }

        @Override
        public int getWireVersion() {
            return 9;
        }
    };

    /**
     * One lock per database: commands that change a collection's indexes or existence take it alone, every other
     * command shares it.
     *
     * <p>mongo-java-server 1.47.0 adds an index to a collection's plain list while a query on another connection walks
     * that list, and the query then fails with a ConcurrentModificationException, which the client sees as
     * "Unknown error: null" (a service starting while another handle of the same collection creates its indexes
     * exited on it once). MongoDB allows both at once; this only makes the test server do what it claims.
     */
    static final class SchemaLocks {
        private static final Set<String> SCHEMA_COMMANDS =
                Set.of("createindexes", "dropindexes", "deleteindexes", "drop", "dropdatabase", "create", "renamecollection");
        private final ConcurrentHashMap<String, ReadWriteLock> byDatabase = new ConcurrentHashMap<>();

        Document run(String database, String command, Supplier<Document> handle) {
            ReadWriteLock lock = byDatabase.computeIfAbsent(database, name -> new ReentrantReadWriteLock());
            Lock held = SCHEMA_COMMANDS.contains(command.toLowerCase(Locale.ROOT)) ? lock.writeLock() : lock.readLock();
            held.lock();
            try {
                return handle.get();
            } finally {
                held.unlock();
            }
        }
    }

    /**
     * Network threads. mongo-java-server runs each command on the thread that reads its connection, and a connection
     * keeps its thread, so one long command (an index build, a large read) holds every connection on that thread,
     * the driver's heartbeat included, which then gives the server up as unreachable. Netty's default is two per
     * core: on two cores, a quarter of all connections. With more, a long command holds fewer of them. A fourth
     * argument sets another number (npm run bench:local-mongo-heartbeat compares them).
     */
    static final int NETWORK_THREADS = 32;

    public static void main(String[] args) throws Exception {
        String host = args.length > 0 ? args[0] : "127.0.0.1";
        int port = args.length > 1 ? Integer.parseInt(args[1]) : 27027;
        String storage = args.length > 2 ? args[2] : "memory";
        int networkThreads = args.length > 3 ? Integer.parseInt(args[3]) : NETWORK_THREADS;

        MongoBackend backend;
        if (storage.startsWith("h2-library:")) {
            // mongo-java-server's own H2 backend, without our indexes: the baseline of npm run bench:local-mongo.
            Path file = Path.of(storage.substring("h2-library:".length())).toAbsolutePath();
            Files.createDirectories(file.getParent());
            SchemaLocks locks = new SchemaLocks();
            backend = new de.bwaldvogel.mongo.backend.h2.H2Backend(file.toString()) {
                @Override
                public Document handleCommand(Channel channel, String database, String command, Document query) {
                    return locks.run(database, command, () -> super.handleCommand(channel, database, command, query));
                }
            };
        } else if (storage.startsWith("h2:")) {
            Path file = Path.of(storage.substring(3)).toAbsolutePath();
            Files.createDirectories(file.getParent());
            SchemaLocks locks = new SchemaLocks();
            backend = new PulseH2Backend(file.toString()) {
                @Override
                public Document handleCommand(Channel channel, String database, String command, Document query) {
                    return locks.run(database, command, () -> super.handleCommand(channel, database, command, query));
                }
            };
        } else if (storage.equals("memory")) {
            SchemaLocks locks = new SchemaLocks();
            backend = new MemoryBackend() {
                @Override
                public Document handleCommand(Channel channel, String database, String command, Document query) {
                    return locks.run(database, command, () -> super.handleCommand(channel, database, command, query));
                }
            };
        } else {
            throw new IllegalArgumentException("storage must be 'memory', 'h2:FILE' or 'h2-library:FILE', got " + storage);
        }
        backend.version(REPORTED_VERSION);

        MongoServer server = new MongoServer(backend);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.shutdown();
            stopped.countDown();
        }, "pulse-mongo-shutdown"));
        server.bind(new InetSocketAddress(host, port), 1, networkThreads);
        System.err.printf("pulse-mongo (mongo-java-server, %s backend) listening on %s:%d%n", storage, host, port);
        stopped.await();
    }
}
