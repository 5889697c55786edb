package dev.skills.boot.scripts.autoconfigure;

import java.nio.file.Path;

import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.autoconfigure.SkillsChatClientAutoConfiguration;
import dev.skills.boot.autoconfigure.StartupFailures;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.scripts.SkillScriptApprover;
import dev.skills.scripts.SkillScriptApprover.Approval;
import dev.skills.scripts.bubblewrap.BubblewrapSandbox;
import dev.skills.scripts.sandbox.SandboxUnavailableException;
import dev.skills.scripts.sandbox.SkillScriptSandbox;
import dev.skills.scripts.testing.BubblewrapTest;
import dev.skills.spring.ai.tool.SkillScriptRunner;
import dev.skills.spring.ai.tool.SkillsTools;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.model.chat.client.autoconfigure.ChatClientAutoConfiguration;
import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code skills.scripts.*}: off by default, a real bubblewrap sandbox when enabled, the
 * runner joining the skill tools, the application's approver, and start-up failures that
 * say what to do.
 */
@BubblewrapTest
class SkillsScriptsAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ToolCallingAutoConfiguration.class, ChatClientAutoConfiguration.class,
				SkillsAutoConfiguration.class, SkillsScriptsAutoConfiguration.class,
				SkillsChatClientAutoConfiguration.class));

	@TempDir
	Path dir;

	private String skillsDir() {
		Path hello = SkillFixtures.skill(this.dir, "hello");
		SkillFixtures.file(hello, "scripts/hello.sh", "echo \"hello $1\"\n");
		return "skills.skills-dir=" + this.dir;
	}

	private static ToolCallback runTool(SkillsTools tools, SkillsRegistry registry) {
		return tools.toolSet(registry.snapshot(), null).run();
	}

	@Test
	void offByDefault() {
		this.contextRunner.withPropertyValues(skillsDir()).run((context) -> {
			assertThat(context).doesNotHaveBean(SkillScriptRunner.class).doesNotHaveBean(SkillScriptSandbox.class);
			assertThat(runTool(context.getBean(SkillsTools.class), context.getBean(SkillsRegistry.class))).isNull();
		});
	}

	@Test
	void enabledRunsScriptsInBubblewrap() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.scripts.enabled=true").run((context) -> {
			assertThat(context).getBean(SkillScriptSandbox.class).isInstanceOf(BubblewrapSandbox.class);
			ToolCallback run = runTool(context.getBean(SkillsTools.class), context.getBean(SkillsRegistry.class));

			assertThat(run.call("{\"skill_name\":\"hello\",\"path\":\"scripts/hello.sh\",\"args\":[\"Boot\"]}"))
				.contains("exit_code=\"0\"")
				.contains("hello Boot");
		});
	}

	@Test
	void onlyTrustedLocationsRunScripts() {
		this.contextRunner
			.withPropertyValues(skillsDir(), "skills.scripts.enabled=true",
					"skills.scripts.trusted-locations=classpath*:META-INF/skills/")
			.run((context) -> assertThat(
					runTool(context.getBean(SkillsTools.class), context.getBean(SkillsRegistry.class)))
				.isNull());
	}

	@Test
	void applicationApproverDecides() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.scripts.enabled=true")
			.withBean(SkillScriptApprover.class, () -> (call) -> Approval.refuse("not on weekends"))
			.run((context) -> {
				ToolCallback run = runTool(context.getBean(SkillsTools.class), context.getBean(SkillsRegistry.class));

				assertThat(run.call("{\"skill_name\":\"hello\",\"path\":\"scripts/hello.sh\"}"))
					.isEqualTo("Error: the application did not allow this run: not on weekends");
			});
	}

	@Test
	void badLimitNamesItsProperty() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.scripts.enabled=true", "skills.scripts.timeout=0s")
			.run((context) -> assertThat(StartupFailures.analyze(context).getDescription())
				.contains("skills.scripts.timeout")
				.contains(
						"It must be positive and at most 1 hour. Set skills.scripts.timeout to a duration such as 30s."));
	}

	@Test
	void noSandboxFailsStartupWithWhatToDo() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.scripts.enabled=true")
			.withBean(SkillScriptSandbox.class, () -> {
				throw new SandboxUnavailableException("bubblewrap (bwrap) is not installed: no bwrap on the PATH",
						"Install bubblewrap");
			})
			.run((context) -> {
				FailureAnalysis analysis = StartupFailures.analyze(context);

				assertThat(analysis.getDescription()).isEqualTo("skills.scripts.enabled is true, but no script "
						+ "sandbox works here: bubblewrap (bwrap) is not installed: no bwrap on the PATH");
				assertThat(analysis.getAction()).startsWith("Install bubblewrap; or declare a SkillScriptSandbox bean")
					.endsWith("Scripts never run without a sandbox.");
			});
	}

}
