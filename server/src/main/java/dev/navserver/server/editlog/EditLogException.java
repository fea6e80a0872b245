package dev.navserver.server.editlog;

import java.io.IOException;

/**
 * An edit log could not be read or written; the message names the file and what failed. An append or sync that
 * throws it left no trace of the failed records in the log.
 */
public final class EditLogException extends IOException {
    public EditLogException(String message) {
        super(message);
    }

    public EditLogException(String message, Throwable cause) {
        super(message, cause);
    }
}
