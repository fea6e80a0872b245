package dev.navserver.nav.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineReaderTest {

    private static LineReader reader(Reader in) {
        return new LineReader(in, (line, problem) -> new MapFormatException("t", line, problem));
    }

    private static List<String> lines(Reader in) throws IOException {
        LineReader r = reader(in);
        List<String> out = new ArrayList<>();
        for (String s; (s = r.next(100_000)) != null; ) {
            out.add(r.lineNumber() + ":" + s);
        }
        return out;
    }

    @Test
    void next_WhenLfCrlfAndLoneCrMixed_EachEndsOneLine() throws IOException {
        assertThat(lines(new StringReader("a\nb\r\nc\rd\r\n\r\ne"))).containsExactly("1:a", "2:b", "3:c", "4:d", "5:", "6:e");
        assertThat(lines(new StringReader("a\n"))).containsExactly("1:a");
        assertThat(lines(new StringReader(""))).isEmpty();
    }

    @Test
    void next_WhenCrlfSplitAcrossReads_CountsOneLineEnd() throws IOException {
        // a reader that hands out one char per read puts every \r and \n in different chunks
        Reader oneByOne = new StringReader("x\r\ny\r\n") {
            @Override
            public int read(char[] cbuf, int off, int len) throws IOException {
                return super.read(cbuf, off, Math.min(len, 1));
            }
        };
        assertThat(lines(oneByOne)).containsExactly("1:x", "2:y");
        String big = "a".repeat(8191) + "\r\nb";
        assertThat(lines(new StringReader(big))).hasSize(2).last().isEqualTo("2:b");
    }

    @Test
    void next_WhenByteOrderMarkFirst_DropsItOnlyThere() throws IOException {
        assertThat(lines(new StringReader("\uFEFFa\n\uFEFFb"))).containsExactly("1:a", "2:\uFEFFb");
    }

    @Test
    void nextNonBlankAndPushBack_WhenBlankLinesSkipped_LineNumbersStayReal() throws IOException {
        LineReader r = reader(new StringReader("\n \t\nfirst\nsecond\n"));
        assertThat(r.nextNonBlank(100)).isEqualTo("first");
        assertThat(r.lineNumber()).isEqualTo(3);
        r.pushBack();
        assertThat(r.lineNumber()).isEqualTo(2);
        assertThat(r.next(100)).isEqualTo("first");
        assertThat(r.lineNumber()).isEqualTo(3);
        assertThat(r.next(100)).isEqualTo("second");
        assertThat(r.nextNonBlank(100)).isNull();
    }

    @Test
    void next_WhenLineLongerThanLimit_FailsWithTheLineNumber() throws IOException {
        LineReader r = reader(new StringReader("ok\n" + "x".repeat(11) + "\n"));
        assertThat(r.next(10)).isEqualTo("ok");
        assertThatThrownBy(() -> r.next(10)).isInstanceOf(MapFormatException.class)
                .hasMessage("t:2: line is longer than 10 characters");
    }
}
