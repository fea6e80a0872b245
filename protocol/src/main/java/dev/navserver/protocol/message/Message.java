package dev.navserver.protocol.message;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * A protocol message, serialised as one compact JSON object with {@code type} first, then {@code id} when the
 * message has one, then its fields in declaration order; {@code null} fields are omitted. Implementations are
 * immutable records and safe to share between threads.
 */
@JsonPropertyOrder({"type", "id"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public interface Message {
    /** The wire {@code type}, one of the {@code TYPE} constants of the records. */
    @JsonProperty("type")
    String type();
}
