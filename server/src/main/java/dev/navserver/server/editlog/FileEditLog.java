package dev.navserver.server.editlog;

import static dev.navserver.server.editlog.LogFiles.closeQuietly;
import static dev.navserver.server.editlog.LogFiles.deleteTree;
import static dev.navserver.server.editlog.LogFiles.describe;
import static dev.navserver.server.editlog.LogFiles.indexOf;
import static dev.navserver.server.editlog.LogFiles.read;
import static dev.navserver.server.editlog.LogFiles.replaceAtomically;

import dev.navserver.protocol.message.TerrainEdit;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link EditLog} in files: a directory per map under the root ({@code maps.editLogDir}) holding {@code log} (a
 * header line, then one line per record, see {@link EditRecords}) and, once compacted, {@code snapshot}. Records are
 * appended with {@link FileChannel#write} and made durable with {@link FileChannel#force}; files that replace
 * others (a new log, a snapshot) are written to a temporary file, forced, renamed over the old one and the
 * directory forced. A log set aside for a changed map file is renamed to {@code <map>.previous} (replacing an older
 * one). Not thread-safe: callers serialise calls (see {@link EditLog}).
 */
public final class FileEditLog implements EditLog {
    private static final Logger LOG = LoggerFactory.getLogger(FileEditLog.class);
    static final String LOG_FILE = "log";
    static final String SNAPSHOT_FILE = "snapshot";

    /** The open log of one map. */
    private static final class MapLog {
        final Path dir;
        final String identity;
        FileChannel channel;
        /** Bytes known to be on disk (after the last successful sync). */
        long syncedSize;
        /** Bytes written. */
        long size;
        long records;
        /** {@link #records} at the last successful sync. */
        long syncedRecords;
        /** A failed rollback: the file's tail is unknown, so nothing more may be appended. */
        boolean broken;

        MapLog(Path dir, String identity) {
            this.dir = dir;
            this.identity = identity;
        }
    }

    private final Path root;
    private final Map<String, MapLog> logs = new HashMap<>();

    /**
     * Creates {@code root} (and its parents) when absent.
     *
     * @throws EditLogException when it cannot be created or is not a writable directory
     */
    public FileEditLog(Path root) throws EditLogException {
        this.root = root;
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw new EditLogException("maps.editLogDir: cannot create " + root + ": " + describe(e), e);
        }
        if (!Files.isDirectory(root) || !Files.isWritable(root)) {
            throw new EditLogException("maps.editLogDir: " + root + " is not a writable directory");
        }
    }

    /** The directory of {@code map}'s files. */
    public Path dir(String map) {
        return root.resolve(map);
    }

    @Override
    public Recovery open(String map, String identity, long version) throws EditLogException {
        closeLog(map);
        Path dir = dir(map);
        Path logFile = dir.resolve(LOG_FILE);
        Path snapFile = dir.resolve(SNAPSHOT_FILE);
        if (!Files.exists(logFile) && !Files.exists(snapFile)) {
            start(map, identity, version);
            return new Recovery(version, List.of(), 0, false);
        }
        EditRecords.Head snap = null;
        if (Files.exists(snapFile)) {
            byte[] bytes = read(snapFile);
            snap = EditRecords.head(EditRecords.verified(bytes, 0, Math.max(0, bytes.length - 1)), "snapshot");
            if (snap == null || !snap.map().equals(map)) {
                throw new EditLogException(snapFile + ": damaged snapshot (checksum or format); move the directory "
                        + dir + " aside to start the map from its file");
            }
        }
        Replay r = Files.exists(logFile) ? replay(logFile, map, snap) : null;
        String loggedIdentity = r != null ? r.header.identity() : snap.identity();
        long last = r != null ? r.last : snap.version();
        if (!loggedIdentity.equals(identity)) {
            long next = Math.max(version, last + 1);
            LOG.info("map {}: the file changed since its edit log was written (log at version {}); the log is set "
                    + "aside as {} and a new one starts at version {}", map, last, map + ".previous", next);
            reset(map, identity, next);
            return new Recovery(next, List.of(), 0, true);
        }
        if (r == null) {
            // a crash between a snapshot's rename and its new log's rename cannot lose the log; only a deleted log
            start(map, identity, snap.version());
            return new Recovery(snap.version(), snap.edits(), 0, false);
        }
        List<TerrainEdit> edits = new ArrayList<>(snap == null ? List.of() : snap.edits());
        edits.addAll(r.edits);
        MapLog m = new MapLog(dir, identity);
        m.channel = openAppend(logFile, r.goodBytes);
        m.size = r.goodBytes;
        m.syncedSize = r.goodBytes;
        m.records = r.records;
        m.syncedRecords = r.records;
        logs.put(map, m);
        return new Recovery(last, edits, r.records, false);
    }

    /** The good prefix of a log file: its header, the records after the snapshot, and where the good bytes end. */
    private record Replay(EditRecords.Head header, List<TerrainEdit> edits, long records, long last,
                          long goodBytes) {
    }

    private Replay replay(Path logFile, String map, EditRecords.Head snap) throws EditLogException {
        byte[] b = read(logFile);
        int eol = indexOf(b, 0);
        EditRecords.Head header = eol < 0 ? null : EditRecords.head(EditRecords.verified(b, 0, eol), "header");
        if (header == null || !header.map().equals(map)) {
            throw new EditLogException(logFile + ": damaged header line; move the directory " + logFile.getParent()
                    + " aside to start the map from its file");
        }
        long snapVersion = snap != null && snap.identity().equals(header.identity()) ? snap.version() : -1;
        List<TerrainEdit> edits = new ArrayList<>();
        long last = header.version();
        long records = 0;
        int pos = eol + 1;
        while (pos < b.length) {
            int end = indexOf(b, pos);
            EditRecords.Record rec = end < 0 ? null : EditRecords.record(EditRecords.verified(b, pos, end));
            if (rec == null || rec.version() != last + 1) {
                boolean torn = end < 0 || indexOf(b, end + 1) < 0;
                dropTail(logFile, b, pos, torn, rec == null ? "checksum or format" : "version " + rec.version()
                        + " after " + last);
                break;
            }
            last = rec.version();
            if (last > snapVersion) {
                edits.addAll(rec.edits());
                records++;
            }
            pos = end + 1;
        }
        if (snapVersion > last) {
            throw new EditLogException(logFile + ": ends at version " + last + " before its snapshot's "
                    + snapVersion);
        }
        return new Replay(header, edits, records, Math.max(last, snapVersion), pos);
    }

    /** Logs a bad tail; keeps a copy of the file when the bad record is not the last one (real damage). */
    private static void dropTail(Path logFile, byte[] b, int from, boolean torn, String why)
            throws EditLogException {
        if (torn) {
            LOG.warn("{}: dropping a torn last record ({} bytes, {}): it was never acknowledged", logFile,
                    b.length - from, why);
            return;
        }
        Path copy = logFile.resolveSibling(LOG_FILE + ".damaged-" + System.currentTimeMillis());
        try {
            Files.write(copy, b);
        } catch (IOException e) {
            throw new EditLogException("cannot keep a copy of damaged " + logFile + " as " + copy + ": "
                    + describe(e), e);
        }
        LOG.error("{}: damaged record at byte {} ({}) followed by more records; replaying only what comes before "
                + "it, the whole file is kept as {}", logFile, from, why, copy);
    }

    @Override
    public void reset(String map, String identity, long version) throws EditLogException {
        closeLog(map);
        Path dir = dir(map);
        Path previous = root.resolve(map + ".previous");
        try {
            if (Files.exists(dir)) {
                deleteTree(previous);
                Files.move(dir, previous, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException e) {
            throw new EditLogException("cannot set the edit log " + dir + " aside as " + previous + ": "
                    + describe(e), e);
        }
        start(map, identity, version);
    }

    /** Creates {@code map}'s directory with an empty log after {@code version}, and opens it. */
    private void start(String map, String identity, long version) throws EditLogException {
        Path dir = dir(map);
        try {
            Files.createDirectories(dir);
            Path logFile = dir.resolve(LOG_FILE);
            replaceAtomically(logFile, EditRecords.header(map, identity, version));
            MapLog m = new MapLog(dir, identity);
            m.channel = openAppend(logFile, Files.size(logFile));
            m.size = m.channel.size();
            m.syncedSize = m.size;
            logs.put(map, m);
        } catch (IOException e) {
            throw new EditLogException("cannot start the edit log in " + dir + ": " + describe(e), e);
        }
    }

    @Override
    public void append(String map, long version, List<TerrainEdit> edits) throws EditLogException {
        MapLog m = openLog(map);
        ByteBuffer buf = ByteBuffer.wrap(EditRecords.record(version, edits));
        try {
            while (buf.hasRemaining()) {
                m.channel.write(buf, m.size + buf.position());
            }
            m.size += buf.limit();
            m.records++;
        } catch (IOException e) {
            rollBack(map, m, m.size);
            throw new EditLogException("cannot append to " + m.dir.resolve(LOG_FILE) + ": " + describe(e), e);
        }
    }

    @Override
    public void sync(String map) throws EditLogException {
        MapLog m = openLog(map);
        if (m.size == m.syncedSize) {
            return;
        }
        try {
            m.channel.force(false);
            m.syncedSize = m.size;
            m.syncedRecords = m.records;
        } catch (IOException e) {
            rollBack(map, m, m.syncedSize);
            throw new EditLogException("cannot force " + m.dir.resolve(LOG_FILE) + " to disk: " + describe(e), e);
        }
    }

    /** Cuts the log back to {@code size} bytes; when even that fails the log refuses every further append. */
    private static void rollBack(String map, MapLog m, long size) {
        try {
            m.channel.truncate(size);
            m.channel.force(false);
            if (size == m.syncedSize) {
                m.records = m.syncedRecords;
            }
            m.size = size;
        } catch (IOException e) {
            m.broken = true;
            LOG.error("edit log of map {}: cannot roll a failed write back ({}); edits of this map are refused "
                    + "until its file is reloaded or the server restarts", map, describe(e));
        }
    }

    @Override
    public long recordsSinceSnapshot(String map) {
        MapLog m = logs.get(map);
        return m == null ? 0 : m.records;
    }

    @Override
    public void compact(String map, long version, List<TerrainEdit> changes) throws EditLogException {
        MapLog m = openLog(map);
        if (m.size != m.syncedSize) {
            throw new IllegalStateException("compact with unsynced records of map " + map);
        }
        Path logFile = m.dir.resolve(LOG_FILE);
        try {
            replaceAtomically(m.dir.resolve(SNAPSHOT_FILE), EditRecords.snapshot(map, m.identity, version, changes));
            replaceAtomically(logFile, EditRecords.header(map, m.identity, version));
        } catch (IOException e) {
            // the old log still replays to the same map, with or without the new snapshot
            throw new EditLogException("cannot compact the edit log in " + m.dir + ": " + describe(e), e);
        }
        closeQuietly(m.channel);
        try {
            m.channel = openAppend(logFile, Files.size(logFile));
            m.size = m.channel.size();
            m.syncedSize = m.size;
            m.records = 0;
            m.syncedRecords = 0;
        } catch (IOException e) {
            m.broken = true;
            throw new EditLogException("cannot reopen " + logFile + " after compaction: " + describe(e), e);
        }
    }

    @Override
    public void close() {
        for (MapLog m : logs.values()) {
            closeQuietly(m.channel);
        }
        logs.clear();
    }

    private MapLog openLog(String map) throws EditLogException {
        MapLog m = logs.get(map);
        if (m == null) {
            throw new EditLogException("map " + map + " has no open edit log");
        }
        if (m.broken) {
            throw new EditLogException("the edit log of map " + map + " in " + m.dir + " failed earlier and is "
                    + "closed to appends until the map file is reloaded or the server restarts");
        }
        return m;
    }

    private void closeLog(String map) {
        MapLog m = logs.remove(map);
        if (m != null) {
            closeQuietly(m.channel);
        }
    }

    /** Opens a log for appends, cutting it to {@code goodBytes} (a dropped tail) and forcing that. */
    private static FileChannel openAppend(Path file, long goodBytes) throws EditLogException {
        try {
            FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.READ);
            if (ch.size() > goodBytes) {
                ch.truncate(goodBytes);
                ch.force(false);
            }
            return ch;
        } catch (IOException e) {
            throw new EditLogException("cannot open " + file + " for appending: " + describe(e), e);
        }
    }
}
