package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class HtmlReportTest {
    static Document parseXml(String markup) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        f.setExpandEntityReferences(false);
        DocumentBuilder b = f.newDocumentBuilder();
        return b.parse(new ByteArrayInputStream(markup.getBytes(StandardCharsets.UTF_8)));
    }

    /** The markup has nothing that would reach the network or run code. */
    static void assertSelfContained(String markup) {
        assertThat(markup).doesNotContainIgnoringCase("http://").doesNotContainIgnoringCase("https://")
                .doesNotContainIgnoringCase("<script").doesNotContainIgnoringCase("<link")
                .doesNotContainIgnoringCase("<img").doesNotContainIgnoringCase("@import")
                .doesNotContainIgnoringCase("src=").doesNotContain("href=");
    }

    @Test
    void svgChart_WithAGapAndABand_ExpectedWellFormedSvgWithTwoPolylinesTheBandAndEscapedText() throws Exception {
        String svg = new SvgChart("c1", "latency <ms> & \"more\"", "seconds", "ms")
                .band(0, 2, "ramp")
                .line("p99", "#d62728", new double[] {0.5, 1.5, 2.5, 3.5}, new double[] {10, 20, Double.NaN, 30})
                .line("p<50>", "#1f77b4", new double[] {0.5, 1.5, 2.5, 3.5}, new double[] {5, 6, 7, 8})
                .render(600, 200);
        assertSelfContained(svg);
        Element root = parseXml(svg).getDocumentElement();
        assertThat(root.getTagName()).isEqualTo("svg");
        assertThat(root.getAttribute("width")).isEqualTo("600");
        NodeList lines = root.getElementsByTagName("polyline");
        assertThat(lines.getLength()).isEqualTo(3); // p99 broken at the NaN, p<50> whole
        assertThat(((Element) lines.item(0)).getAttribute("points").split(" ")).hasSize(2);
        assertThat(((Element) lines.item(2)).getAttribute("points").split(" ")).hasSize(4);
        assertThat(texts(root)).contains("latency <ms> & \"more\"", "ramp", "p99", "p<50>", "seconds", "ms", "0", "30",
                "0.5", "3.5");
        assertThat(svg).contains("latency &lt;ms&gt; &amp; &quot;more&quot;");
        List<Element> bands = byClass(root, "rect", "band");
        assertThat(bands).hasSize(1);
        // the band covers 2 of 3.5 s of a 600 - 80 px wide plot
        assertThat(Double.parseDouble(bands.get(0).getAttribute("width"))).isCloseTo(520 * 2 / 3.5,
                org.assertj.core.api.Assertions.within(0.1));
    }

    @Test
    void svgChart_WithoutData_ExpectedAnEmptyPlotNotAnError() throws Exception {
        String svg = new SvgChart("empty", "t", "x", "y").render(300, 150);
        assertThat(parseXml(svg).getDocumentElement().getElementsByTagName("polyline").getLength()).isZero();
    }

    @Test
    void niceStep_ExpectedOneTwoOrFiveTimesAPowerOfTen() {
        assertThat(SvgChart.niceStep(70)).isEqualTo(10);
        assertThat(SvgChart.niceStep(150)).isEqualTo(20);
        assertThat(SvgChart.niceStep(8)).isEqualTo(1);
        assertThat(SvgChart.niceStep(0.3)).isCloseTo(0.05, org.assertj.core.api.Assertions.within(1e-12));
    }

    @Test
    void render_ExpectedOneWellFormedSelfContainedPageWithTheSummaryAndTwoCharts() throws Exception {
        List<Timeline.Point> points = new ArrayList<>();
        for (int t = 0; t < 12; t++) {
            boolean none = t == 5;
            points.add(new Timeline.Point(t, 100 + t, 100.0 + t, none ? 0 : 50, none ? null : 10.0 + t,
                    none ? null : 40.0 + t, none ? null : 90.0 + t));
        }
        BotsReport base = BotsReportTest.report(new ServerLatency(7401,
                new ServerLatency.Quantiles(5000, 40.0, 80.0, 97.5), null, "tick </td><script>"));
        BotsReport r = new BotsReport(base.players(), base.welcomed(), base.monsters(), 12.0, base.navPaths(),
                base.invalid(), base.errors(), base.disconnects(), base.connectFailed(), base.undecodable(),
                base.latencyMs(), base.connectMs(), base.navPathsPerSecond(), Map.of("blocked", 2L),
                Map.of("rate_limited", 1L), base.failuresByReason(), base.messagesIn(), base.messagesOut(),
                new BotsReport.Settings("127.0.0.1", 7400, "maps/<odd> & name.map", "rooms512", 5, 10, 3, 10, 1),
                base.exitStatus(), 2, 10, base.steadyLatencyMs(), base.steadyNavPathsPerSecond(), base.server(),
                new Timeline(1, 2, points));

        String html = HtmlReport.render(r);
        assertSelfContained(html);
        assertThat(html).startsWith("<!DOCTYPE html>").contains(Html.escape(r.summaryLine()))
                .contains("maps/&lt;odd&gt; &amp; name.map", "tick &lt;/td&gt;&lt;script&gt;")
                .doesNotContain("<odd>");
        Document doc = parseXml(html);
        NodeList svgs = doc.getElementsByTagName("svg");
        assertThat(svgs.getLength()).isEqualTo(2);
        Element latency = (Element) svgs.item(0);
        Element rate = (Element) svgs.item(1);
        assertThat(latency.getAttribute("id")).isEqualTo("latency");
        assertThat(rate.getAttribute("id")).isEqualTo("navpaths");
        // p50, p99 and max each broken by the second without samples; nav_paths/s unbroken
        assertThat(latency.getElementsByTagName("polyline").getLength()).isEqualTo(6);
        assertThat(rate.getElementsByTagName("polyline").getLength()).isEqualTo(1);
        assertThat(byClass(latency, "rect", "band")).hasSize(1);
        assertThat(byClass(rate, "rect", "band")).hasSize(1);
        assertThat(String.join("|", texts(doc.getDocumentElement()))).contains("ramp (2.0 s)", "40.00 / 97.50",
                "server_p99_ms=97.5", "blocked=2", "rate_limited=1");
        assertThat(doc.getElementsByTagName("table").getLength()).isEqualTo(3);
    }

    private static List<String> texts(Element root) {
        List<String> out = new ArrayList<>();
        for (String tag : List.of("text", "title", "td", "th", "pre")) {
            NodeList l = root.getElementsByTagName(tag);
            for (int i = 0; i < l.getLength(); i++) {
                out.add(l.item(i).getTextContent());
            }
        }
        return out;
    }

    private static List<Element> byClass(Element root, String tag, String cls) {
        List<Element> out = new ArrayList<>();
        NodeList l = root.getElementsByTagName(tag);
        for (int i = 0; i < l.getLength(); i++) {
            Element e = (Element) l.item(i);
            if (cls.equals(e.getAttribute("class"))) {
                out.add(e);
            }
        }
        return out;
    }
}
