package dev.skills.scripts.bubblewrap;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import dev.skills.scripts.bubblewrap.ProcessStreams.Output;
import dev.skills.scripts.sandbox.ScriptResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Both outputs share one limit: each keeps up to half, the other takes what one leaves,
 * and no cut splits a character.
 */
class ProcessStreamsTests {

	@Test
	void bothFitsAreKeptWhole() {
		ScriptResult result = result(output("out", 3), output("err", 3), 10);

		assertThat(result.stdout()).isEqualTo("out");
		assertThat(result.stderr()).isEqualTo("err");
		assertThat(result.cut()).isFalse();
	}

	@Test
	void shortStderrLeavesTheRestToStdout() {
		ScriptResult result = result(output("o".repeat(14), 100), output("err", 3), 10);

		assertThat(result.stdout()).isEqualTo("ooooooo");
		assertThat(result.stderr()).isEqualTo("err");
		assertThat(result.cutBytes()).isEqualTo(93);
	}

	@Test
	void twoLongOutputsGetHalfEach() {
		ScriptResult result = result(output("o".repeat(14), 14), output("e".repeat(14), 14), 10);

		assertThat(result.stdout()).isEqualTo("ooooo");
		assertThat(result.stderr()).isEqualTo("eeeee");
		assertThat(result.cutBytes()).isEqualTo(18);
	}

	@Test
	void cutEndsBeforeASplitCharacter() {
		ScriptResult result = result(output("ééééééé", 14), output("", 0), 5);

		assertThat(result.stdout()).isEqualTo("éé");
		assertThat(result.cutBytes()).isEqualTo(10);
	}

	private static Output output(String text, long total) {
		return new Output(text.getBytes(StandardCharsets.UTF_8), total);
	}

	private static ScriptResult result(Output out, Output err, int maxBytes) {
		return ProcessStreams.result(0, false, new Output[] { out, err }, maxBytes, Duration.ZERO);
	}

}
