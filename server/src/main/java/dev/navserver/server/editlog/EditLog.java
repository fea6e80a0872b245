package dev.navserver.server.editlog;

import dev.navserver.protocol.message.TerrainEdit;
import java.util.List;

/**
 * The durable record of every acknowledged edit of every map, per map: a snapshot of the edited cells plus the edit
 * records after it, tied to the identity of the map file they apply to ({@link MapIdentity}). A single process
 * keeps it in files ({@link FileEditLog}); a cluster can keep it elsewhere behind the same contract.
 *
 * <p>Contract of durability: an edit may be acknowledged once {@link #append} and then {@link #sync} for its map
 * returned normally. A failed append or sync throws {@link EditLogException} and leaves the log as it was at the
 * last successful sync (nothing of the failed records is replayed later), unless even that rollback failed, in
 * which case the map's log refuses every further append until it is {@link #reset} or reopened.
 *
 * <p>Implementations are called from the tick thread for appends, syncs and compaction, and from a map-loading
 * thread for {@link #open} and {@link #reset}; callers serialise calls per map (the map registry's monitor).
 */
public interface EditLog extends AutoCloseable {
    /**
     * What a map's log holds for its file.
     *
     * @param version  the version to publish the map at: the last record's (or snapshot's) version, or, for a new
     *                 log, the version given to {@link #open}
     * @param edits    the edits to apply, in order, to the map the file loads to get the logged map: the snapshot's
     *                 then every record's; cell rectangles with engine terrain names only
     * @param records  edit records replayed after the snapshot (0 for a new log)
     * @param reset    true when a log existed for another file identity and was set aside (a new log was started)
     */
    record Recovery(long version, List<TerrainEdit> edits, long records, boolean reset) {
        public Recovery {
            edits = List.copyOf(edits);
        }
    }

    /**
     * Opens the log of {@code map} for a file of {@code identity}, creating it when absent. A log of another
     * identity is set aside and a new one starts after the larger of {@code version} and its last version + 1. A
     * torn last record (a crash while it was written: it was never acknowledged) is dropped.
     *
     * @param version the version the registry gave the freshly loaded file's map
     * @throws EditLogException when the log cannot be read or created, or is damaged beyond a torn last record
     */
    Recovery open(String map, String identity, long version) throws EditLogException;

    /**
     * Sets the log of {@code map} aside and starts an empty one for a new file of {@code identity} whose map is
     * published at {@code version}.
     */
    void reset(String map, String identity, long version) throws EditLogException;

    /**
     * Writes one record: the map at {@code version} is the map at {@code version - 1} with {@code edits} applied in
     * order. Not durable before {@link #sync}.
     *
     * @param edits cell rectangles with engine terrain names (no {@code original}, no world boxes)
     * @throws EditLogException when the map's log is not open, or the write failed (the record was removed)
     */
    void append(String map, long version, List<TerrainEdit> edits) throws EditLogException;

    /** Forces every record appended to {@code map}'s log to disk; does nothing when none is pending. */
    void sync(String map) throws EditLogException;

    /** Records appended to {@code map}'s log since its last snapshot (0 for a map without a log). */
    long recordsSinceSnapshot(String map);

    /**
     * Replaces the map's snapshot by one at {@code version} (the last synced record's) and empties the log after
     * it, atomically: a crash at any point leaves a log that replays to the same map.
     *
     * @param changes cell rectangles that turn the file's map into the map at {@code version}
     */
    void compact(String map, long version, List<TerrainEdit> changes) throws EditLogException;

    /** Closes every open file. */
    @Override
    void close();
}
