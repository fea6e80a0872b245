package dev.navserver.server.editlog;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** File plumbing of {@link FileEditLog}: atomic replacement, whole reads, line scanning, messages. Stateless. */
public final class LogFiles {
    private static final Logger LOG = LoggerFactory.getLogger(LogFiles.class);

    private LogFiles() {
    }

    /** Writes {@code bytes} to {@code file} via a forced temporary file, a rename and a forced directory. */
    public static void replaceAtomically(Path file, byte[] bytes) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buf = ByteBuffer.wrap(bytes);
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            ch.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        try (FileChannel d = FileChannel.open(file.getParent(), StandardOpenOption.READ)) {
            d.force(true);
        }
    }

    public static byte[] read(Path file) throws EditLogException {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new EditLogException("cannot read " + file + ": " + describe(e), e);
        }
    }

    static int indexOf(byte[] b, int from) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    static void closeQuietly(FileChannel ch) {
        try {
            if (ch != null) {
                ch.close();
            }
        } catch (IOException e) {
            LOG.debug("closing an edit log file failed", e);
        }
    }

    public static String describe(IOException e) {
        if (e instanceof NoSuchFileException || e instanceof FileAlreadyExistsException) {
            return e.getClass().getSimpleName() + " " + e.getMessage();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
