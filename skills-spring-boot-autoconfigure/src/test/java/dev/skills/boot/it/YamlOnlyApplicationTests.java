package dev.skills.boot.it;

import java.time.Duration;

import dev.skills.boot.app.SkillsTestApplication;
import dev.skills.boot.autoconfigure.SkillsProperties;
import dev.skills.boot.autoconfigure.endpoint.SkillsEndpointProperties;
import dev.skills.core.Skill;
import dev.skills.core.SkillConfig;
import dev.skills.core.registry.SkillsRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application configured only through {@code application-yamlonly.yml} injects the
 * registry and reads a skill.
 */
@SpringBootTest(classes = SkillsTestApplication.class, webEnvironment = WebEnvironment.NONE)
@ActiveProfiles("yamlonly")
class YamlOnlyApplicationTests {

	@Autowired
	private SkillsRegistry registry;

	@Autowired
	private SkillsProperties properties;

	@Autowired
	private SkillsEndpointProperties endpoint;

	@Test
	void registryLoadsTheSkillFromYaml() {
		assertThat(this.registry.names()).containsExactly("release-notes");
		Skill skill = this.registry.snapshot().load("release-notes");
		assertThat(skill.meta().description()).isEqualTo("Write release notes from a list of merged changes.");
		assertThat(skill.instructions()).isEqualTo("Group the changes by kind, then follow references/TEMPLATE.md.");
		assertThat(skill.files()).containsExactly("references/TEMPLATE.md");
	}

	@Test
	void readFileKeepsTheYamlLimit() {
		String text = this.registry.snapshot().readFile("release-notes", "references/TEMPLATE.md");
		assertThat(text).startsWith("# Release x.y.z").doesNotContain("## Upgrading");
		assertThat(this.registry.snapshot().readFile("release-notes", "references/TEMPLATE.md", 1000))
			.contains("## Upgrading");
	}

	@Test
	void everyYamlValueIsBound() {
		SkillConfig config = this.registry.config();
		assertThat(config.skillsDir()).containsExactly("classpath*:yamlonly-skills/");
		assertThat(config.maxResourceBytes()).isEqualTo(20);
		assertThat(config.watchDebounce()).isEqualTo(Duration.ofMillis(250));
		assertThat(this.properties.getPreload()).containsExactly("release-notes");
		assertThat(this.properties.getActiveSkills().getMaxConversations()).isEqualTo(50);
		assertThat(this.endpoint.isShowInstructions()).isTrue();
	}

}
