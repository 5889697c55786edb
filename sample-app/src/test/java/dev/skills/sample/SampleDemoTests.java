package dev.skills.sample;

import dev.skills.scripts.sandbox.SkillScriptSandbox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(OutputCaptureExtension.class)
class SampleDemoTests {

	@Test
	void demoProfileRunsAConversationOfflineThroughTheSkillTools(CapturedOutput output) {
		try (ConfigurableApplicationContext context = SpringApplication.run(SampleApplication.class,
				"--spring.profiles.active=demo",
				"--skills.skills-dir=../examples/skills,classpath*:META-INF/skills/")) {
			assertThat(context.isActive()).isTrue();
			// Scripts are off by default: no sandbox, so no bubblewrap needed.
			assertThat(context.getBeanNamesForType(SkillScriptSandbox.class)).isEmpty();
		}
		assertThat(output.getOut()).contains("Skills: incident-summary, pdf-processing, release-notes, skill-authoring")
			.contains("tool> activate_skill(pdf-processing) -> ok")
			.contains("tool> read_skill_resource(pdf-processing/references/FORMS.md) -> ok")
			.contains("assistant> Read it. - List the fields before filling them")
			.contains("tool> activate_skill(release-notes) -> ok\n"
					+ "assistant> Following skill release-notes: Group the changes under **New**")
			.doesNotContain("run_skill_script")
			.contains("tool> activate_skill(pdf-processing) -> already_active")
			.contains("Active skills in conversation 'demo': pdf-processing, release-notes");
	}

}
