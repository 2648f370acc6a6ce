package pulse.infra;

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.ServerVersion;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * Local MongoDB-wire-compatible server for Pulse dev/tests (started by infra/local/pulse-local).
 *
 * <p>Usage: {@code java -cp ... pulse.infra.PulseMongo HOST PORT (memory | h2:FILE)}
 *
 * <p>Reports itself as MongoDB 5.0 (wire version 8), the minimum the Node.js driver 6.x accepts.
 */
public final class PulseMongo {
    public static void main(String[] args) throws Exception {
        String host = args.length > 0 ? args[0] : "127.0.0.1";
        int port = args.length > 1 ? Integer.parseInt(args[1]) : 27027;
        String storage = args.length > 2 ? args[2] : "memory";

        MongoBackend backend;
        if (storage.startsWith("h2:")) {
            Path file = Path.of(storage.substring(3)).toAbsolutePath();
            Files.createDirectories(file.getParent());
            backend = new H2Backend(file.toString());
        } else if (storage.equals("memory")) {
            backend = new MemoryBackend();
        } else {
            throw new IllegalArgumentException("storage must be 'memory' or 'h2:FILE', got " + storage);
        }
        backend.version(ServerVersion.MONGO_5_0);

        MongoServer server = new MongoServer(backend);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.shutdown();
            stopped.countDown();
        }, "pulse-mongo-shutdown"));
        server.bind(host, port);
        System.err.printf("pulse-mongo (mongo-java-server, %s backend) listening on %s:%d%n", storage, host, port);
        stopped.await();
    }
}
