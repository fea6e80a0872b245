package dev.navserver.protocol.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.navserver.protocol.Protocol;

/** The one Jackson configuration of the wire format. Thread-safe: Jackson mappers are, once configured. */
final class WireJson {
    /**
     * Parsing: nesting limited to {@link Protocol#MAX_NESTING_DEPTH}, duplicate keys rejected, only standard JSON
     * (no NaN literals, comments or single quotes — Jackson's defaults).
     */
    static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(Protocol.MAX_NESTING_DEPTH)
                    .build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    /** Writing: compact, one line, {@code null} fields omitted. */
    static final JsonMapper MAPPER = JsonMapper.builder(FACTORY)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .disable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private WireJson() {
    }
}
