package dev.navserver.server.auth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SecretsTest {
    @Test
    void constantTimeEquals_ComparesWholeStrings() {
        assertThat(Secrets.constantTimeEquals("abc", "abc")).isTrue();
        assertThat(Secrets.constantTimeEquals("abc", "abd")).isFalse();
        assertThat(Secrets.constantTimeEquals("abc", "abcd")).isFalse();
        assertThat(Secrets.constantTimeEquals("", "abc")).isFalse();
    }
}
