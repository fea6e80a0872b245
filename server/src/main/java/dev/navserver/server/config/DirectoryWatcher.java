package dev.navserver.server.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the regular files directly inside one directory and tells a listener, on its own daemon thread, about each
 * file whose content changed: created, modified, or replaced atomically by rename (how most editors save). Deleted
 * files are not reported.
 *
 * <p>Events from the platform {@link WatchService} are debounced per file: a file is examined once it has been quiet
 * for the debounce period, so a burst of writes gives one report. A file is reported only if its SHA-256 differs
 * from the last content seen, so touching a file or rewriting the same bytes reports nothing. A periodic rescan
 * (size and modification time, then hash) catches what the platform misses: queue overflows, symlink swaps, network
 * file systems, a directory that was re-created.
 *
 * <p>Files present at {@link #start()} form the baseline and are not reported. The listener and the filter run on
 * the watcher thread, one call at a time; a listener exception is logged and watching continues.
 */
public final class DirectoryWatcher implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(DirectoryWatcher.class);

    private final Path dir;
    private final Predicate<Path> filter;
    private final long debounceNanos;
    private final long rescanNanos;
    private final Consumer<Path> listener;
    private final String threadName;

    /** Last seen state per file; touched only by the watcher thread after start. */
    private final Map<Path, Fingerprint> known = new HashMap<>();
    /** File → nanoTime at which it may be examined; touched only by the watcher thread. */
    private final Map<Path, Long> pending = new HashMap<>();

    private WatchService watchService;
    private WatchKey watchKey;
    private Thread thread;
    private volatile boolean running;

    /**
     * @param dir        the directory to watch; must exist at {@link #start()}
     * @param filter     which files to report, tested on the watcher thread after the debounce (the file exists)
     * @param debounce   quiet time a file needs before it is examined; 0 or more
     * @param rescan     period of the fallback rescan; positive
     * @param listener   receives the absolute, normalized path of each changed file
     * @param threadName name of the watcher thread
     */
    public DirectoryWatcher(Path dir, Predicate<Path> filter, Duration debounce, Duration rescan,
                            Consumer<Path> listener, String threadName) {
        this.dir = dir.toAbsolutePath().normalize();
        this.filter = Objects.requireNonNull(filter, "filter");
        this.debounceNanos = debounce.toNanos();
        this.rescanNanos = rescan.toNanos();
        if (debounceNanos < 0 || rescanNanos <= 0) {
            throw new IllegalArgumentException("debounce must be >= 0 and rescan > 0");
        }
        this.listener = Objects.requireNonNull(listener, "listener");
        this.threadName = Objects.requireNonNull(threadName, "threadName");
    }

    /** The watched directory, absolute. */
    public Path dir() {
        return dir;
    }

    /**
     * Records the baseline and starts the watcher thread. Call once.
     *
     * @throws IOException if the directory cannot be watched
     */
    public synchronized void start() throws IOException {
        if (thread != null) {
            throw new IllegalStateException("already started");
        }
        watchService = dir.getFileSystem().newWatchService();
        try {
            register();
            rescan(false);
        } catch (IOException | RuntimeException e) {
            watchService.close();
            throw e;
        }
        running = true;
        thread = new Thread(this::run, threadName);
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops the watcher thread and waits up to a second for it to end. Idempotent. */
    @Override
    public void close() {
        Thread t;
        synchronized (this) {
            running = false;
            t = thread;
            if (watchService != null) {
                try {
                    watchService.close();
                } catch (IOException e) {
                    log.debug("closing watch service of {}", dir, e);
                }
            }
        }
        if (t != null && t != Thread.currentThread()) {
            try {
                t.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void register() throws IOException {
        watchKey = dir.register(watchService, StandardWatchEventKinds.ENTRY_CREATE,
                StandardWatchEventKinds.ENTRY_MODIFY, StandardWatchEventKinds.OVERFLOW);
    }

    private void run() {
        long nextRescan = System.nanoTime() + rescanNanos;
        while (running) {
            try {
                long now = System.nanoTime();
                long waitNanos = nextRescan - now;
                for (long deadline : pending.values()) {
                    waitNanos = Math.min(waitNanos, deadline - now);
                }
                WatchKey key = watchService.poll(Math.max(waitNanos, 0), TimeUnit.NANOSECONDS);
                now = System.nanoTime();
                if (key != null) {
                    drain(key, now);
                }
                examineDue(now);
                if (now - nextRescan >= 0) {
                    nextRescan = now + rescanNanos;
                    if (watchKey == null || !watchKey.isValid()) {
                        reRegister();
                    }
                    rescan(true);
                }
            } catch (ClosedWatchServiceException | InterruptedException e) {
                break;
            } catch (RuntimeException | IOException e) {
                log.warn("Watching {} failed, will retry: {}", dir, e.toString());
            }
        }
    }

    private void drain(WatchKey key, long now) throws IOException {
        for (WatchEvent<?> event : key.pollEvents()) {
            if (event.kind() == StandardWatchEventKinds.OVERFLOW) {
                try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
                    for (Path p : files) {
                        pending.put(p.toAbsolutePath().normalize(), now + debounceNanos);
                    }
                }
            } else if (event.context() instanceof Path name) {
                pending.put(dir.resolve(name).normalize(), now + debounceNanos);
            }
        }
        if (!key.reset()) {
            log.warn("Watch on {} was cancelled (directory removed or replaced?); falling back to rescans", dir);
            watchKey = null;
        }
    }

    private void reRegister() {
        try {
            if (Files.isDirectory(dir)) {
                register();
                log.info("Watching {} again", dir);
            }
        } catch (IOException e) {
            log.debug("re-register {} failed", dir, e);
        }
    }

    private void examineDue(long now) {
        for (Iterator<Map.Entry<Path, Long>> it = pending.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Path, Long> e = it.next();
            if (now - e.getValue() >= 0) {
                it.remove();
                examine(e.getKey(), false, true);
            }
        }
    }

    private void rescan(boolean report) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path p : files) {
                Path file = p.toAbsolutePath().normalize();
                if (!pending.containsKey(file)) {
                    examine(file, true, report);
                }
            }
        }
        known.keySet().removeIf(p -> !Files.exists(p));
    }

    /**
     * Compares a file with its last seen state and reports a content change.
     *
     * @param trustMetadata skip hashing when size and modification time are unchanged (rescans); watch events
     *                      always hash, since a quick rewrite can keep both
     * @param report        whether to call the listener (false while recording the baseline)
     */
    private void examine(Path file, boolean trustMetadata, boolean report) {
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (IOException e) {
            known.remove(file);
            return;
        }
        if (!attrs.isRegularFile()) {
            return;
        }
        long size = attrs.size();
        long mtime = attrs.lastModifiedTime().toMillis();
        Fingerprint old = known.get(file);
        if (trustMetadata && old != null && old.size == size && old.mtimeMillis == mtime) {
            return;
        }
        byte[] hash;
        try {
            hash = sha256(file);
        } catch (IOException e) {
            log.debug("cannot read {}", file, e);
            return;
        }
        known.put(file, new Fingerprint(size, mtime, hash));
        if (old != null && Arrays.equals(old.sha256, hash)) {
            return;
        }
        if (!report || !filter.test(file)) {
            return;
        }
        try {
            listener.accept(file);
        } catch (RuntimeException e) {
            log.warn("Listener for changed file {} failed", file, e);
        }
    }

    private static byte[] sha256(Path file) throws IOException {
        MessageDigest md = newSha256();
        byte[] buf = new byte[8192];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
        }
        return md.digest();
    }

    static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }

    private record Fingerprint(long size, long mtimeMillis, byte[] sha256) {
    }
}
