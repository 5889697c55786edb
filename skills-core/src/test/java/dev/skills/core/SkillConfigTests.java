package dev.skills.core;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SkillConfigTests {

	private final SkillConfig config = SkillConfig.builder()
		.skillsDir(".agents/skills", "file:/opt/skills", "classpath*:META-INF/skills/", "classpath:more/")
		.build();

	@Test
	void skillsDirIsEveryLocationAsGiven() {
		assertThat(this.config.skillsDir()).containsExactly(".agents/skills", "file:/opt/skills",
				"classpath*:META-INF/skills/", "classpath:more/");
	}

	@Test
	void folderLocationsAreTheFoldersAmongThem() {
		assertThat(this.config.folderLocations()).containsExactly(Path.of(".agents/skills"), Path.of("/opt/skills"));
	}

}
