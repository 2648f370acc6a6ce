package pulse.infra;

import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.h2.H2Backend;

/** mongo-java-server's H2 backend whose databases build non-unique indexes and read through them. */
class PulseH2Backend extends H2Backend {
    PulseH2Backend(String fileName) {
        super(fileName);
    }

    @Override
    protected MongoDatabase openOrCreateDatabase(String databaseName) {
        return PulseH2Database.open(databaseName, getMvStore(), getCursorRegistry());
    }
}
