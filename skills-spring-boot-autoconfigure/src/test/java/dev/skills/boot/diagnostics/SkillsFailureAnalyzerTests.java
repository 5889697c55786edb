package dev.skills.boot.diagnostics;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SkillsFailureAnalyzerTests {

	@Test
	void leavesOtherFailuresAlone() {
		assertThat(new SkillsFailureAnalyzer().analyze(new IllegalStateException("other", new RuntimeException())))
			.isNull();
	}

}
