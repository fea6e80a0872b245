package dev.navserver.protocol.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.navserver.protocol.json.MessageReader;
import dev.navserver.protocol.json.MessageWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RequestIdTest {
    @ParameterizedTest
    @ValueSource(strings = {"5", "0", "-0", "5.0", "7.50", "1e3", "1E+3", "-2.5e-7", "123456789012345678901234567890",
            "\"q1\"", "\"\"", "\"5\"", "\"caf\\u00e9\"", "\"tab\\there\""})
    void idIsEchoedExactlyAsWritten(String idJson) {
        String line = "{\"type\":\"ping\",\"id\":" + idJson + "}";

        Ping ping = (Ping) MessageReader.FROM_CLIENT.read(line);
        String pong = MessageWriter.toJson(new Pong(ping.id(), 1.0));

        String expectedId = idJson.equals("\"caf\\u00e9\"") ? "\"café\"" : idJson;
        assertThat(pong).isEqualTo("{\"type\":\"pong\",\"id\":" + expectedId + ",\"serverTime\":1.0}");
    }

    @Test
    void stringAndNumberWithTheSameText_AreDifferent() {
        assertThat(RequestId.of("5")).isNotEqualTo(RequestId.of(5));
        assertThat(RequestId.of(5)).isEqualTo(RequestId.ofNumberLiteral("5")).hasSameHashCodeAs(RequestId.of(5));
        assertThat(RequestId.of("5").isNumber()).isFalse();
        assertThat(RequestId.of(5).isNumber()).isTrue();
        assertThat(RequestId.of(5).text()).isEqualTo("5");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-", "01", "1.", ".5", "1e", "1e+", "+1", "NaN", "Infinity", "0x10", "1 ", "1,2", "\"1\""})
    void numberLiteralMustBeJsonNumber(String literal) {
        assertThatThrownBy(() -> RequestId.ofNumberLiteral(literal)).isInstanceOf(IllegalArgumentException.class);
    }
}
