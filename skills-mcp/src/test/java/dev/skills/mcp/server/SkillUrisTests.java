package dev.skills.mcp.server;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SkillUrisTests {

	@Test
	void whenNameAndPathArePlainSegmentsThenTheyAreKeptAsWritten() {
		assertThat(SkillUris.skillFile("pdf-processing")).isEqualTo("skill://pdf-processing/SKILL.md");
		assertThat(SkillUris.file("pdf-processing", "references/FORMS.md"))
			.isEqualTo("skill://pdf-processing/references/FORMS.md");
	}

	@Test
	void whenASegmentHoldsReservedOrNonAsciiCharactersThenTheyArePercentEncodedAsUtf8() {
		assertThat(SkillUris.skillFile("навык")).isEqualTo("skill://%D0%BD%D0%B0%D0%B2%D1%8B%D0%BA/SKILL.md");
		assertThat(SkillUris.file("a", "x y/q?#%.md")).isEqualTo("skill://a/x%20y/q%3F%23%25.md");
	}

	@Test
	void whenASegmentIsOnlyDotsThenItIsEncodedWholeSoItCannotReadAsATraversal() {
		assertThat(SkillUris.file("a", "../b")).isEqualTo("skill://a/%2E%2E/b");
		assertThat(SkillUris.file("a", "./b")).isEqualTo("skill://a/%2E/b");
		assertThat(SkillUris.file("a", "v1.2/b")).isEqualTo("skill://a/v1.2/b");
	}

}
