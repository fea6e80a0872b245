package dev.navserver.protocol.json;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.Protocol;
import dev.navserver.protocol.message.ProtocolError;
import dev.navserver.protocol.message.RequestId;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * First stage of decoding one line, shared by both directions: UTF-8 check, JSON parse, top level must be an
 * object with a string {@code type}; reads {@code id} keeping a number's literal text. Stateless and thread-safe.
 */
final class LineParser {
    /** Longest excerpt of client text (a type name, a parser message) quoted back in an error. */
    static final int MAX_ECHO_CHARS = 64;
    /** Longest parser detail quoted in a {@code bad_json} error. */
    static final int MAX_DETAIL_CHARS = 200;

    private LineParser() {
    }

    /** A parsed line: an object with a string {@code type}; or {@code error} set. */
    record Parsed(String type, ObjectNode fields, RequestId id, ProtocolError error) {
    }

    static Parsed parse(byte[] bytes, int offset, int length) {
        Parsed parsed = parseObject(bytes, offset, length, "line", "message");
        if (parsed.error() != null) {
            return parsed;
        }
        ObjectNode fields = parsed.fields();
        RequestId id = parsed.id();
        JsonNode type = fields.get("type");
        if (type == null) {
            return failed(ErrorCodes.BAD_MESSAGE, "missing \"type\"", id);
        }
        if (!type.isTextual()) {
            return failed(ErrorCodes.BAD_MESSAGE, "\"type\" must be a string, got " + Fields.kind(type), id);
        }
        return new Parsed(type.textValue(), fields, id, null);
    }

    /**
     * The checks of {@link #parse} up to, not including, {@code type}: UTF-8, one JSON value, an object, a string
     * or number {@code id} if any. The result has a null {@code type}.
     *
     * @param unit  what the bytes are, in error messages ({@code line}, {@code body})
     * @param value what the object is, in error messages ({@code message}, {@code body})
     */
    static Parsed parseObject(byte[] bytes, int offset, int length, String unit, String value) {
        if (!ByteBufUtil.isText(Unpooled.wrappedBuffer(bytes, offset, length), StandardCharsets.UTF_8)) {
            return failed(ErrorCodes.BAD_JSON, unit + " is not valid UTF-8", null);
        }
        RequestId id = null;
        String idProblem = null;
        ObjectNode fields = JsonNodeFactory.instance.objectNode();
        try (JsonParser p = WireJson.MAPPER.createParser(bytes, offset, length)) {
            JsonToken t = p.nextToken();
            if (t == null) {
                return failed(ErrorCodes.BAD_JSON, unit + " holds no JSON value", null);
            }
            if (t != JsonToken.START_OBJECT) {
                p.skipChildren();
                String kind = tokenKind(t);
                if (p.nextToken() != null) {
                    return failed(ErrorCodes.BAD_JSON, moreThanOne(unit), null);
                }
                return failed(ErrorCodes.BAD_MESSAGE, value + " must be a JSON object, got " + kind, null);
            }
            while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken token = p.nextToken();
                if ("id".equals(name)) {
                    if (token == JsonToken.VALUE_STRING) {
                        id = RequestId.of(p.getText());
                    } else if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
                        id = RequestId.ofNumberLiteral(p.getText());
                    } else {
                        idProblem = tokenKind(token);
                        p.skipChildren();
                    }
                } else {
                    JsonNode node = p.readValueAsTree();
                    fields.set(name, node);
                }
            }
            if (p.nextToken() != null) {
                return failed(ErrorCodes.BAD_JSON, moreThanOne(unit), id);
            }
        } catch (JacksonException e) {
            String detail = e.getOriginalMessage();
            if (detail != null && detail.contains("nesting depth")) {
                return failed(ErrorCodes.BAD_JSON,
                        "JSON nested deeper than " + Protocol.MAX_NESTING_DEPTH + " levels", id);
            }
            String what = e instanceof StreamConstraintsException ? "JSON exceeds a parser limit" : "malformed JSON";
            JsonLocation at = e.getLocation();
            if (at != null && at.getColumnNr() > 0) {
                what += " at column " + at.getColumnNr();
            }
            return failed(ErrorCodes.BAD_JSON, what + ": " + excerpt(parserDetail(detail), MAX_DETAIL_CHARS), id);
        } catch (IOException e) {
            return failed(ErrorCodes.BAD_JSON, "malformed JSON", id);
        }
        if (idProblem != null) {
            return failed(ErrorCodes.BAD_FIELD, "id: must be a string or a number, got " + idProblem, null);
        }
        return new Parsed(null, fields, id, null);
    }

    private static String moreThanOne(String unit) {
        return "more than one JSON value " + ("line".equals(unit) ? "on a line" : "in the " + unit);
    }

    static ProtocolError unknownType(Parsed parsed) {
        return new ProtocolError(ErrorCodes.UNKNOWN_TYPE,
                "unknown type \"" + excerpt(parsed.type()) + "\"", parsed.id());
    }

    private static Parsed failed(String code, String message, RequestId id) {
        return new Parsed(null, null, null, new ProtocolError(code, message, id));
    }

    /** The JSON kind of the value starting at {@code t}, with its article: "a string", "an array", "null". */
    private static String tokenKind(JsonToken t) {
        switch (t) {
            case START_OBJECT:
                return "an object";
            case START_ARRAY:
                return "an array";
            case VALUE_STRING:
                return "a string";
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                return "a number";
            case VALUE_TRUE:
            case VALUE_FALSE:
                return "a boolean";
            case VALUE_NULL:
                return "null";
            default:
                return t.name();
        }
    }

    /**
     * Jackson's message without what only concerns the server: source locations ("start marker at [Source: ...")
     * and hints to enable parser features.
     */
    private static String parserDetail(String detail) {
        if (detail == null) {
            return "";
        }
        String s = detail;
        for (String cut : new String[] {" (start marker at", ": enable `", "\n"}) {
            int i = s.indexOf(cut);
            if (i >= 0) {
                s = s.substring(0, i);
            }
        }
        return s;
    }

    static String excerpt(String s) {
        return excerpt(s, MAX_ECHO_CHARS);
    }

    static String excerpt(String s, int maxChars) {
        if (s == null) {
            return "";
        }
        return s.length() <= maxChars ? s : s.substring(0, maxChars) + "...";
    }
}
