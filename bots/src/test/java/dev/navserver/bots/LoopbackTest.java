package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LoopbackTest {
    @ParameterizedTest
    @ValueSource(strings = {"localhost", "LocalHost", "127.0.0.1", "127.1.2.3", "127.255.255.254", "::1", "[::1]",
        "0:0:0:0:0:0:0:1"})
    void isLoopback_WhenHostIsLoopback_ExpectedTrue(String host) {
        assertThat(Loopback.isLoopback(host)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"10.0.0.1", "0.0.0.0", "192.168.1.10", "128.0.0.1", "256.0.0.1", "127.0.0.1.nip.io",
        "example.com", "::", "::2", "", "127.1", "localhost.evil.com"})
    void isLoopback_WhenHostIsAnythingElse_ExpectedFalse(String host) {
        assertThat(Loopback.isLoopback(host)).isFalse();
    }
}
