package dev.navserver.protocol.json;

import dev.navserver.protocol.message.RequestId;

/**
 * Builds the message of one {@code type} from the fields of its line. Reads every field through {@code f}, which
 * records the first problem; when {@code f} has failed the decoder returns {@code null} and {@link MessageReader}
 * answers with {@code f}'s {@code bad_field} error. Must be stateless: one instance serves every thread.
 *
 * @param <M> the message type built
 */
@FunctionalInterface
interface FieldDecoder<M> {
    /**
     * @param f  the line's fields other than {@code id}
     * @param id the line's request id, or {@code null}
     * @return the message, or {@code null} exactly when {@code f.failed()}
     */
    M decode(Fields f, RequestId id);
}
