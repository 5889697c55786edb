package dev.skills.boot.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import dev.skills.boot.diagnostics.SkillsValidationException;
import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static dev.skills.boot.autoconfigure.StartupFailures.invalidValue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

@ExtendWith(OutputCaptureExtension.class)
class SkillsPropertiesTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(SkillsAutoConfiguration.class, SkillsValidationAutoConfiguration.class));

	private final ApplicationContextRunner chatContextRunner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(SkillsAutoConfiguration.class, SkillsChatClientAutoConfiguration.class));

	@TempDir
	Path dir;

	private String skillsDir() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Use the forms guide.");
		return "skills.skills-dir=" + this.dir;
	}

	// Binding

	@Test
	void whenNothingIsSetThenDefaultsApply() {
		this.contextRunner.run((context) -> {
			SkillsProperties properties = context.getBean(SkillsProperties.class);
			assertThat(properties.isEnabled()).isTrue();
			assertThat(properties.getSkillsDir()).containsExactly(".agents/skills", "classpath*:META-INF/skills/");
			assertThat(properties.isHotReload()).isFalse();
			assertThat(properties.getMode()).isEqualTo(SkillsAdvisor.Mode.ON_DEMAND);
			assertThat(properties.getPreloadFrom()).isNull();
			assertThat(properties.getPreload()).isEmpty();
			assertThat(properties.getMaxResourceBytes()).isEqualTo(SkillConfig.DEFAULT_MAX_RESOURCE_BYTES);
			assertThat(properties.getWatch().getDebounce()).isEqualTo(SkillConfig.DEFAULT_WATCH_DEBOUNCE);
			assertThat(properties.getWatch().getPollInterval()).isNull();
			assertThat(properties.getDiscovery().getMaxDepth()).isEqualTo(SkillConfig.DEFAULT_DISCOVERY_MAX_DEPTH);
			assertThat(properties.getDiscovery().getMaxDirectories())
				.isEqualTo(SkillConfig.DEFAULT_DISCOVERY_MAX_DIRECTORIES);
			assertThat(properties.getValidation().isFailOnError()).isFalse();
			assertThat(properties.getActiveSkills().getMaxConversations()).isEqualTo(10_000);
			assertThat(properties.getTools().isEnabled()).isTrue();
			assertThat(properties.getAdvisor().isEnabled()).isTrue();
		});
	}

	@Test
	void everyPropertyBindsInKebabCase() {
		this.contextRunner
			.withPropertyValues("skills.skills-dir=" + this.dir + ",classpath*:more/", "skills.hot-reload=true",
					"skills.mode=session", "skills.preload-from=SKILL_NAME", "skills.preload=a,b",
					"skills.max-resource-bytes=2048", "skills.watch.debounce=250ms", "skills.watch.poll-interval=2s",
					"skills.validation.fail-on-error=true", "skills.active-skills.max-conversations=7",
					"skills.tools.enabled=false", "skills.advisor.enabled=false", "skills.discovery.max-depth=3",
					"skills.discovery.max-directories=500")
			.run((context) -> {
				SkillConfig config = context.getBean(SkillConfig.class);
				assertThat(config.skillsDir()).containsExactly(this.dir.toString(), "classpath*:more/");
				assertThat(config.hotReload()).isTrue();
				assertThat(context.getBean(SkillsProperties.class).getMode()).isEqualTo(SkillsAdvisor.Mode.SESSION);
				assertThat(context.getBean(SkillsProperties.class).getPreloadFrom()).isEqualTo("SKILL_NAME");
				assertThat(config.maxResourceBytes()).isEqualTo(2048);
				assertThat(config.watchDebounce()).isEqualTo(Duration.ofMillis(250));
				assertThat(config.pollInterval()).isEqualTo(Duration.ofSeconds(2));
				assertThat(config.discoveryMaxDepth()).isEqualTo(3);
				assertThat(config.discoveryMaxDirectories()).isEqualTo(500);
				SkillsProperties properties = context.getBean(SkillsProperties.class);
				assertThat(properties.getPreload()).containsExactly("a", "b");
				assertThat(properties.getValidation().isFailOnError()).isTrue();
				assertThat(properties.getActiveSkills().getMaxConversations()).isEqualTo(7);
				assertThat(properties.getTools().isEnabled()).isFalse();
				assertThat(properties.getAdvisor().isEnabled()).isFalse();
			});
	}

	@Test
	void camelCaseAndUnderscoresBindToo() {
		this.contextRunner
			.withPropertyValues("skills.skillsDir=" + this.dir, "skills.hotReload=true",
					"skills.max_resource_bytes=4096", "skills.preloadFrom=KEY",
					"skills.activeSkills.maxConversations=9", "skills.watch.pollInterval=3s")
			.run((context) -> {
				SkillConfig config = context.getBean(SkillConfig.class);
				assertThat(config.skillsDir()).containsExactly(this.dir.toString());
				assertThat(config.hotReload()).isTrue();
				assertThat(config.maxResourceBytes()).isEqualTo(4096);
				assertThat(context.getBean(SkillsProperties.class).getPreloadFrom()).isEqualTo("KEY");
				assertThat(config.pollInterval()).isEqualTo(Duration.ofSeconds(3));
				assertThat(context.getBean(SkillsProperties.class).getActiveSkills().getMaxConversations())
					.isEqualTo(9);
			});
	}

	@Test
	void environmentVariablesBind() {
		Map<String, Object> variables = Map.of("SKILLS_SKILLSDIR_0_", this.dir.toString(), "SKILLS_SKILLSDIR_1_",
				"classpath*:env/", "SKILLS_MAXRESOURCEBYTES", "512", "SKILLS_MODE", "SESSION", "SKILLS_PRELOADFROM",
				"SKILL", "SKILLS_WATCH_DEBOUNCE", "1s", "SKILLS_ACTIVESKILLS_MAXCONVERSATIONS", "3");
		this.contextRunner
			.withInitializer((context) -> context.getEnvironment()
				.getPropertySources()
				.addFirst(new SystemEnvironmentPropertySource(
						StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, variables)))
			.run((context) -> {
				SkillConfig config = context.getBean(SkillConfig.class);
				assertThat(config.skillsDir()).containsExactly(this.dir.toString(), "classpath*:env/");
				assertThat(config.maxResourceBytes()).isEqualTo(512);
				assertThat(context.getBean(SkillsProperties.class).getMode()).isEqualTo(SkillsAdvisor.Mode.SESSION);
				assertThat(context.getBean(SkillsProperties.class).getPreloadFrom()).isEqualTo("SKILL");
				assertThat(config.watchDebounce()).isEqualTo(Duration.ofSeconds(1));
				assertThat(context.getBean(SkillsProperties.class).getActiveSkills().getMaxConversations())
					.isEqualTo(3);
			});
	}

	@Test
	void modeBindsInAnyCaseOrSeparator() {
		for (String text : new String[] { "on-demand", "ON_DEMAND", "on_demand", "onDemand" }) {
			this.contextRunner.withPropertyValues("skills.mode=" + text)
				.run((context) -> assertThat(context.getBean(SkillsProperties.class).getMode()).as(text)
					.isEqualTo(SkillsAdvisor.Mode.ON_DEMAND));
		}
		this.contextRunner.withPropertyValues("skills.mode=Session", "skills.preload-from=K")
			.run((context) -> assertThat(context.getBean(SkillsProperties.class).getMode())
				.isEqualTo(SkillsAdvisor.Mode.SESSION));
	}

	@Test
	void durationWithoutUnitIsMilliseconds() {
		this.contextRunner.withPropertyValues("skills.watch.debounce=500", "skills.watch.poll-interval=1500")
			.run((context) -> {
				SkillConfig config = context.getBean(SkillConfig.class);
				assertThat(config.watchDebounce()).isEqualTo(Duration.ofMillis(500));
				assertThat(config.pollInterval()).isEqualTo(Duration.ofMillis(1500));
			});
	}

	@Test
	void indexedSkillsDirKeepsItsOrder() {
		this.contextRunner
			.withInitializer((context) -> context.getEnvironment()
				.getPropertySources()
				.addFirst(new MapPropertySource("yaml-like",
						Map.of("skills.skills-dir[0]", "a", "skills.skills-dir[1]", "b", "skills.skills-dir[2]", "c"))))
			.run((context) -> assertThat(context.getBean(SkillConfig.class).skillsDir()).containsExactly("a", "b",
					"c"));
	}

	// Invalid values fail start-up, explained by Boot's analyzer with our reason

	private static final String REVIEW = "Review the value of the property with the provided reason.";

	@Test
	void sessionWithoutPreloadFromFails() {
		this.chatContextRunner.withPropertyValues(skillsDir(), "skills.mode=session").run((context) -> {
			FailureAnalysis analysis = analyze(context);
			assertThat(analysis.getDescription()).isEqualTo(invalidValue("skills.preload-from", "null",
					"Property skills.preload-from is not set: session mode needs the request context key that names "
							+ "the skill. Set skills.preload-from to a key such as SKILL_NAME and pass the skill name "
							+ "under it with each request, or use on-demand mode."));
			assertThat(analysis.getAction()).isEqualTo(REVIEW);
			assertThat(StartupFailures.invalidProperty(context).getName()).isEqualTo("skills.preload-from");
		});
	}

	@Test
	void sessionWithBlankPreloadFromFails() {
		this.chatContextRunner.withPropertyValues(skillsDir(), "skills.mode=session", "skills.preload-from= ")
			.run((context) -> assertThat(analyze(context).getDescription()).contains("'skills.preload-from'",
					"Session mode needs the request context key", "Set skills.preload-from to"));
	}

	@Test
	void negativeMaxResourceBytesFails() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.max-resource-bytes=-1").run((context) -> {
			FailureAnalysis analysis = analyze(context);
			assertThat(analysis.getDescription()).isEqualTo(invalidValue("skills.max-resource-bytes", "-1",
					"It must be between 1 and 16777216 bytes (16 MiB). Set skills.max-resource-bytes to a number of "
							+ "bytes in that range, for example 100000."));
			assertThat(analysis.getAction()).isEqualTo(REVIEW);
		});
	}

	@Test
	void zeroMaxResourceBytesFails() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.max-resource-bytes=0")
			.run((context) -> assertThat(analyze(context).getDescription())
				.startsWith("Invalid value '0' for configuration property 'skills.max-resource-bytes'"));
	}

	@Test
	void maxResourceBytesOver16MibFails() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.max-resource-bytes=2147483647")
			.run((context) -> assertThat(analyze(context).getDescription())
				.isEqualTo(invalidValue("skills.max-resource-bytes", "2147483647",
						"It must be between 1 and 16777216 bytes (16 MiB). Set skills.max-resource-bytes to a "
								+ "number of bytes in that range, for example 100000.")));
	}

	@Test
	void maxBodyBytesCutsInstructions() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.max-body-bytes=5000")
			.run((context) -> assertThat(context.getBean(SkillConfig.class).maxBodyBytes()).isEqualTo(5000));
	}

	@Test
	void zeroMaxBodyBytesFails() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.max-body-bytes=0")
			.run((context) -> assertThat(analyze(context).getDescription()).isEqualTo(
					invalidValue("skills.max-body-bytes", "0", "It must be between 1 and 16777216 bytes (16 MiB). Set "
							+ "skills.max-body-bytes to a number of bytes in that range, for example 1000000.")));
	}

	@Test
	void zeroMaxConversationsFails() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.active-skills.max-conversations=0")
			.run((context) -> assertThat(analyze(context).getDescription())
				.isEqualTo(invalidValue("skills.active-skills.max-conversations", "0", "It must be a positive number. "
						+ "Set skills.active-skills.max-conversations to a positive number, for example 10000.")));
	}

	@Test
	void zeroMaxConversationsFailsWithOwnConfig() {
		this.contextRunner.withPropertyValues("skills.active-skills.max-conversations=0")
			.withBean(SkillConfig.class, () -> SkillConfig.builder().skillsDir(this.dir.toString()).build())
			.run((context) -> assertThat(analyze(context).getDescription())
				.contains("'skills.active-skills.max-conversations'"));
	}

	@Test
	void negativeDebounceFailsAsWritten() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.watch.debounce=-1s")
			.run((context) -> assertThat(analyze(context).getDescription())
				.isEqualTo(invalidValue("skills.watch.debounce", "-1s",
						"It must not be negative. Set skills.watch.debounce to a duration such as 100ms.")));
	}

	@Test
	void negativeDiscoveryMaxDepthFails() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.discovery.max-depth=-1").run((context) -> {
			FailureAnalysis analysis = analyze(context);
			assertThat(analysis.getDescription()).contains("'skills.discovery.max-depth'", "must not be negative",
					"Set skills.discovery.max-depth to a folder depth such as 6");
			assertThat(analysis.getAction()).isEqualTo(REVIEW);
		});
	}

	@Test
	void zeroDiscoveryMaxDirectoriesFails() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.discovery.max-directories=0").run((context) -> {
			FailureAnalysis analysis = analyze(context);
			assertThat(analysis.getDescription()).contains("'skills.discovery.max-directories'", "must be a positive");
			assertThat(analysis.getDescription())
				.contains("Set skills.discovery.max-directories to a positive number, for example 50000");
			assertThat(analysis.getAction()).isEqualTo(REVIEW);
		});
	}

	@Test
	void zeroPollIntervalFails() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.watch.poll-interval=0s")
			.run((context) -> assertThat(analyze(context).getDescription()).isEqualTo(invalidValue(
					"skills.watch.poll-interval", "0s", "It must be positive. Set skills.watch.poll-interval to a "
							+ "duration such as 2s, or remove it to use native file events.")));
	}

	@Test
	void unknownModeFailsListingTheModes(CapturedOutput output) {
		SpringApplication application = new SpringApplication(SkillsOnlyApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		assertThatException().isThrownBy(() -> application.run("--skills.mode=sometimes", "--" + skillsDir()));
		assertThat(output)
			.contains("APPLICATION FAILED TO START",
					"Invalid value 'sometimes' for property 'skills.mode': use on-demand or session",
					"Set skills.mode to on-demand")
			.doesNotContain("ON_DEMAND");
	}

	@Test
	void unknownPreloadFailsListingKnownSkills() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Fine.");
		SkillFixtures.skill(this.dir, "csv-cleaning", "Clean CSV files.", "Fine.");
		this.chatContextRunner.withPropertyValues(skillsDir(), "skills.preload=pdf-processing,pdf-procesing")
			.run((context) -> assertThat(analyze(context).getDescription())
				.isEqualTo(invalidValue("skills.preload", "pdf-procesing",
						"No skill is named pdf-procesing. Known skills: csv-cleaning, pdf-processing. Set "
								+ "skills.preload to names of existing skills, or turn on skills.hot-reload if the "
								+ "skill is added while the application runs.")));
	}

	@Test
	void unknownPreloadStartsWithHotReload() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Fine.");
		this.chatContextRunner.withPropertyValues(skillsDir(), "skills.preload=arrives-later", "skills.hot-reload=true")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void preloadFromOnDemandWarnsOnce(CapturedOutput output) {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.preload-from=SKILL_NAME").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(output.getOut().split("skills.preload-from is set but skills.mode is on-demand", -1)).hasSize(2);
		});
	}

	@Test
	void startUpCountsTheBuiltInSkillsApart(CapturedOutput output) {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Fine.");
		this.contextRunner.withPropertyValues("skills.skills-dir=" + this.dir + "," + SkillConfig.DEFAULT_LOCATION)
			.run((context) -> {
				long builtin = context.getBean(SkillsRegistry.class)
					.snapshot()
					.skills()
					.stream()
					.filter(SkillMeta::builtin)
					.count();
				assertThat(builtin).isPositive();
				assertThat(output).contains("Loaded 1 skill (+" + builtin + " built in) from ");
			});
	}

	@Test
	void startUpLogsOneLineOfWhatLoaded(CapturedOutput output) {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Fine.");
		SkillFixtures.rawSkill(this.dir, "no-description", "---\nname: no-description\n---\nBody.\n");
		this.contextRunner.withPropertyValues("skills.skills-dir=" + this.dir + ",classpath*:META-INF/nothing-here/")
			.run((context) -> assertThat(output).contains("Loaded 1 skill from " + this.dir.toAbsolutePath()
					+ ", classpath*:META-INF/nothing-here/ (1 error, 0 warnings)"));
	}

	@Test
	void failurePrintsValueAsWrittenAndWhere(CapturedOutput output) {
		SpringApplication application = new SpringApplication(SkillsOnlyApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		assertThatException().isThrownBy(() -> application.run("--skills.watch.debounce=-1s", "--" + skillsDir()));
		assertThat(output).contains("APPLICATION FAILED TO START",
				"Invalid value '-1s' for configuration property 'skills.watch.debounce' (originating from ",
				"It must not be negative. Set skills.watch.debounce to a duration such as 100ms.", "Action:", REVIEW);
	}

	@Test
	void failureSaysPreloadFromIsNotSet(CapturedOutput output) {
		SpringApplication application = new SpringApplication(SkillsChatApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		assertThatException().isThrownBy(() -> application.run("--skills.mode=session", "--" + skillsDir()));
		assertThat(output).contains("APPLICATION FAILED TO START", "'skills.preload-from'",
				"Property skills.preload-from is not set: session mode needs the request context key");
	}

	// Start-up validation

	@Test
	void failOnErrorListsEveryError() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Fine.");
		SkillFixtures.rawSkill(this.dir, "no-description", "---\nname: no-description\n---\nBody.\n");
		SkillFixtures.rawSkill(this.dir, "bad-name",
				"---\nname: bad name\ndescription: Spaces in the name.\n---\nBody.\n");
		this.contextRunner.withPropertyValues("skills.skills-dir=" + this.dir, "skills.validation.fail-on-error=true")
			.run((context) -> {
				assertThat(context).hasFailed();
				SkillsValidationException validation = findCause(context.getStartupFailure(),
						SkillsValidationException.class);
				assertThat(validation.getErrors()).hasSize(2)
					.extracting(SkillDiagnostic::file)
					.containsExactlyInAnyOrder(this.dir.resolve("no-description/SKILL.md").toString(),
							this.dir.resolve("bad-name/SKILL.md").toString());
				FailureAnalysis analysis = analyze(context);
				assertThat(analysis.getDescription()).startsWith("2 skill error(s):\n");
				for (SkillDiagnostic error : validation.getErrors()) {
					assertThat(analysis.getDescription()).contains(error.toString());
				}
				assertThat(analysis.getDescription()).contains("description", "bad name");
				assertThat(analysis.getAction()).contains("skills validate", "skills.validation.fail-on-error=false");
			});
	}

	@Test
	void failOnErrorValidatesOwnRegistry() {
		SkillFixtures.rawSkill(this.dir, "no-description", "---\nname: no-description\n---\nBody.\n");
		this.contextRunner.withPropertyValues("skills.validation.fail-on-error=true")
			.withBean(SkillsRegistry.class,
					() -> SkillsRegistry.create(SkillConfig.builder().skillsDir(this.dir.toString()).build()))
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(SkillsValidationException.class)
				.hasMessageStartingWith("1 skill error(s):"));
	}

	@Test
	void brokenSkillsStartWithoutFailOnError() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Fine.");
		SkillFixtures.rawSkill(this.dir, "no-description", "---\nname: no-description\n---\nBody.\n");
		this.contextRunner.withPropertyValues("skills.skills-dir=" + this.dir).run((context) -> {
			SkillsRegistry registry = context.getBean(SkillsRegistry.class);
			assertThat(registry.names()).containsExactly("pdf-processing");
			assertThat(registry.diagnostics()).anyMatch(SkillDiagnostic::isError);
		});
	}

	@Test
	void failOnErrorIgnoresWarnings() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Fine.");
		// A missing location is a warning only.
		this.contextRunner
			.withPropertyValues("skills.skills-dir=" + this.dir + "," + this.dir.resolve("missing"),
					"skills.validation.fail-on-error=true")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(SkillsRegistry.class).diagnostics()).isNotEmpty()
					.noneMatch(SkillDiagnostic::isError);
			});
	}

	private static FailureAnalysis analyze(AssertableApplicationContext context) {
		return StartupFailures.analyze(context);
	}

	private static <T extends Throwable> T findCause(Throwable failure, Class<T> type) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (type.isInstance(cause)) {
				return type.cast(cause);
			}
		}
		throw new AssertionError("No " + type.getSimpleName() + " in " + failure);
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration(SkillsAutoConfiguration.class)
	static class SkillsOnlyApplication {

	}

	// Session mode's preload-from is checked where the advisor is built.
	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ SkillsAutoConfiguration.class, SkillsChatClientAutoConfiguration.class })
	static class SkillsChatApplication {

	}

}
