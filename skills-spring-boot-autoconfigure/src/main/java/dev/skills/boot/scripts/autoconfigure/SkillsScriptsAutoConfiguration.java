package dev.skills.boot.scripts.autoconfigure;

import java.util.List;
import java.util.Map;

import dev.skills.boot.autoconfigure.ConditionalOnSkillsEnabled;
import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.autoconfigure.SkillsChatClientAutoConfiguration;
import dev.skills.boot.autoconfigure.SkillsProperties;
import dev.skills.boot.diagnostics.SkillsPropertyFailures;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.scripts.ScriptInterpreters;
import dev.skills.scripts.SkillScriptApprover;
import dev.skills.scripts.TrustedLocations;
import dev.skills.scripts.bubblewrap.BubblewrapSandbox;
import dev.skills.scripts.sandbox.ScriptLimits;
import dev.skills.scripts.sandbox.SkillScriptSandbox;
import dev.skills.scripts.tool.SandboxScriptRunner;
import dev.skills.spring.ai.tool.SkillScriptRunner;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of {@code run_skill_script}, only with
 * {@code skills.scripts.enabled=true} and {@code dev.skills:skills-scripts} on the class
 * path: a {@link BubblewrapSandbox} unless the application declares a
 * {@link SkillScriptSandbox} (start-up fails when it cannot isolate here: there is no
 * unsandboxed mode), and the {@link SkillScriptRunner} the skill tools offer the tool
 * with, asking the application's {@link SkillScriptApprover} bean when there is one.
 */
@AutoConfiguration(after = SkillsAutoConfiguration.class, before = SkillsChatClientAutoConfiguration.class)
@ConditionalOnClass(SandboxScriptRunner.class)
@ConditionalOnSkillsEnabled
@ConditionalOnBooleanProperty(SkillsScriptsProperties.PREFIX + ".enabled")
@ConditionalOnBean(SkillsRegistry.class)
@EnableConfigurationProperties(SkillsScriptsProperties.class)
public final class SkillsScriptsAutoConfiguration {

	private static final Map<String, String> LIMIT_PROPERTIES = Map.of("timeout", "timeout", "maxOutputBytes",
			"max-output", "maxProcesses", "max-processes", "maxMemoryBytes", "max-memory", "maxWorkBytes",
			"max-work-size");

	@Bean
	@ConditionalOnMissingBean
	SkillScriptSandbox skillsScriptSandbox(SkillsScriptsProperties properties) {
		return SkillsPropertyFailures.check(SkillsScriptsProperties.PREFIX + ".max-concurrent",
				() -> BubblewrapSandbox.create(properties.getMaxConcurrent()));
	}

	@Bean
	@ConditionalOnMissingBean
	SkillScriptRunner skillsScriptRunner(SkillScriptSandbox sandbox, SkillsScriptsProperties properties,
			SkillsProperties skills, ObjectProvider<SkillScriptApprover> approver) {
		ScriptInterpreters interpreters = SkillsPropertyFailures.check(
				(setting) -> SkillsScriptsProperties.PREFIX + "." + setting,
				() -> ScriptInterpreters.of(properties.getInterpreters()));
		ScriptLimits limits = SkillsPropertyFailures.check(
				(setting) -> SkillsScriptsProperties.PREFIX + "." + LIMIT_PROPERTIES.getOrDefault(setting, setting),
				() -> new ScriptLimits(properties.getTimeout(), bytes(properties.getMaxOutput().toBytes()),
						properties.getMaxProcesses(), properties.getMaxMemory().toBytes(),
						properties.getMaxWorkSize().toBytes()));
		List<String> trusted = properties.getTrustedLocations().isEmpty() ? skills.getSkillsDir()
				: properties.getTrustedLocations();
		return new SandboxScriptRunner(sandbox, interpreters, TrustedLocations.of(trusted),
				approver.getIfUnique(() -> SkillScriptApprover.ALLOW_TRUSTED), limits);
	}

	// Beyond an int is beyond the limit's range, which the limit then reports.
	private static int bytes(long bytes) {
		return (int) Math.min(bytes, Integer.MAX_VALUE);
	}

}
