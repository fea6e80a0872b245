package dev.navserver.server.editlog;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.nav.grid.WorldTransform;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The identity of a map file that an edit log belongs to: {@code sha256:<hex>} of the file's bytes, so that a log
 * is replayed only onto the very file it was written against. Stateless and thread-safe.
 */
public final class MapIdentity {
    private MapIdentity() {
    }

    /** SHA-256 of the file's bytes (as stored: a gzip file is hashed compressed). */
    public static String ofFile(Path file) throws IOException {
        MessageDigest sha = sha256();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                sha.update(buf, 0, n);
            }
        }
        return "sha256:" + HexFormat.of().formatHex(sha.digest());
    }

    /**
     * SHA-256 of a map's content (size, transform, terrain per cell) for a map published without a file; prefixed
     * {@code content-sha256:} so it never equals a file identity.
     */
    public static String ofContent(GridMap map) {
        MessageDigest sha = sha256();
        WorldTransform t = map.transform();
        ByteBuffer head = ByteBuffer.allocate(40).putInt(map.width()).putInt(map.height()).putDouble(t.originX())
                .putDouble(t.originY()).putDouble(t.originZ()).putDouble(t.cellSize());
        sha.update(head.array(), 0, head.position());
        byte[] buf = new byte[1 << 16];
        int n = 0;
        int cells = map.width() * map.height();
        for (int cell = 0; cell < cells; cell++) {
            buf[n++] = (byte) map.terrain(cell);
            if (n == buf.length) {
                sha.update(buf, 0, n);
                n = 0;
            }
        }
        sha.update(buf, 0, n);
        return "content-sha256:" + HexFormat.of().formatHex(sha.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
