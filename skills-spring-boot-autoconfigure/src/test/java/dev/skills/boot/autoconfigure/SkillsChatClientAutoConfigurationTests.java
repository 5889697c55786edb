package dev.skills.boot.autoconfigure;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import dev.skills.spring.ai.observation.SkillsObservationDocumentation;
import dev.skills.spring.ai.tool.SkillInvocation;
import dev.skills.spring.ai.tool.SkillInvocationListener;
import dev.skills.spring.ai.tool.SkillsToolCallbackProvider;
import dev.skills.spring.ai.tool.SkillsTools;
import dev.skills.spring.ai.usage.SkillUsage;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientBuilderCustomizer;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.SystemMessage;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.chat.client.autoconfigure.ChatClientAutoConfiguration;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

import static org.assertj.core.api.Assertions.assertThat;

class SkillsChatClientAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(SkillsAutoConfiguration.class, SkillsChatClientAutoConfiguration.class));

	// The application's side: Spring AI's own auto-configured ChatClient.Builder over a
	// scripted model.
	private final ApplicationContextRunner chatClientRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ToolCallingAutoConfiguration.class, ChatClientAutoConfiguration.class,
				SkillsAutoConfiguration.class, SkillsChatClientAutoConfiguration.class));

	@TempDir
	Path dir;

	private String skillsDir() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Use the forms guide.");
		return "skills.skills-dir=" + this.dir;
	}

	@Test
	void whenSkillsAreConfiguredThenAdvisorToolsAndToolCallbackProviderAreCreated() {
		this.contextRunner.withPropertyValues(skillsDir())
			.run((context) -> assertThat(context).hasSingleBean(SkillsTools.class)
				.hasSingleBean(SkillsAdvisor.class)
				.hasSingleBean(SkillsToolCallbackProvider.class)
				.hasBean("skillsToolCallbackProvider")
				.hasBean("skillsChatClientBuilderCustomizer"));
	}

	@Test
	void whenChatClientIsNotOnTheClassPathThenNoAdvisorOrToolsAreCreated() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(ChatClient.class))
			.withPropertyValues(skillsDir())
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(SkillsRegistry.class)
				.doesNotHaveBean(SkillsTools.class)
				.doesNotHaveBean(SkillsAdvisor.class)
				.doesNotHaveBean("skillsToolCallbackProvider")
				.doesNotHaveBean("skillsChatClientBuilderCustomizer"));
	}

	@Test
	void whenSkillsDisabledThenNoAdvisorOrToolsAreCreated() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(SkillsTools.class)
				.doesNotHaveBean(SkillsAdvisor.class)
				.doesNotHaveBean("skillsToolCallbackProvider")
				.doesNotHaveBean(ChatClientBuilderCustomizer.class));
	}

	@Test
	void whenSkillsDisabledAndTheApplicationHasItsOwnRegistryThenNoAdvisorOrToolsAreCreated() {
		this.contextRunner.withPropertyValues("skills.enabled=false")
			.withBean(SkillsRegistry.class,
					() -> SkillsRegistry
						.create(dev.skills.core.SkillConfig.builder().skillsDir(this.dir.toString()).build()))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(SkillsTools.class)
				.doesNotHaveBean(SkillsAdvisor.class)
				.doesNotHaveBean("skillsToolCallbackProvider"));
	}

	@Test
	void whenAdvisorDisabledThenNoAdvisorIsCreatedAndTheBuilderIsNotCustomized() {
		ScriptedChatModel model = new ScriptedChatModel().thenAnswer("ok");
		this.chatClientRunner.withPropertyValues(skillsDir(), "skills.advisor.enabled=false")
			.withBean(ScriptedChatModel.class, () -> model)
			.run((context) -> {
				assertThat(context).doesNotHaveBean(SkillsAdvisor.class)
					.doesNotHaveBean("skillsChatClientBuilderCustomizer")
					.hasBean("skillsToolCallbackProvider");
				context.getBean(ChatClient.Builder.class)
					.build()
					.prompt()
					.system("You help.")
					.user("Hi")
					.call()
					.content();
				assertThat(model.prompts().get(0).getSystemMessage().getText()).isEqualTo("You help.");
				assertThat(toolNames(model.prompts().get(0))).isEmpty();
			});
	}

	@Test
	void whenToolsDisabledThenNoToolCallbackProviderIsCreated() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.tools.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean("skillsToolCallbackProvider")
				.doesNotHaveBean(ToolCallbackProvider.class)
				.hasSingleBean(SkillsAdvisor.class));
	}

	@Test
	void whenChatClientBuilderIsAutoConfiguredThenItsClientSeesTheCatalogAndActivatesASkill() {
		ScriptedChatModel model = new ScriptedChatModel()
			.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenAnswer("done");
		this.chatClientRunner.withPropertyValues(skillsDir())
			.withBean(ScriptedChatModel.class, () -> model)
			.run((context) -> {
				ChatClient client = context.getBean(ChatClient.Builder.class).build();
				String answer = client.prompt()
					.system("You help.")
					.user("Fill the PDF form")
					.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "conversation-1"))
					.call()
					.content();
				assertThat(answer).isEqualTo("done");
				assertThat(model.prompts()).hasSize(2);
				assertThat(model.prompts().get(0).getSystemMessage().getText())
					.startsWith("You help.\n\nThe skills below")
					.contains("<available_skills>",
							"<skill><name>pdf-processing</name><description>Work with PDFs.</description></skill>");
				assertThat(toolNames(model.prompts().get(0))).containsExactly("activate_skill");
				assertThat(context.getBean(ActiveSkillsRepository.class).findByConversationId("conversation-1"))
					.extracting("name")
					.containsExactly("pdf-processing");
			});
	}

	@Test
	void whenToolCallbackProviderIsAskedThenItReturnsTheToolsOfTheCurrentSkills() {
		this.contextRunner.withPropertyValues(skillsDir()).run((context) -> {
			ToolCallbackProvider provider = context.getBean("skillsToolCallbackProvider", ToolCallbackProvider.class);
			assertThat(names(provider.getToolCallbacks())).containsExactly("activate_skill");
			assertThat(provider.getToolCallbacks()[0].getToolDefinition().inputSchema())
				.contains("\"enum\":[\"pdf-processing\"]");

			Path csv = SkillFixtures.skill(this.dir, "csv-cleaning", "Clean CSV files.", "Trim every cell.");
			SkillFixtures.file(csv, "references/RULES.md", "No empty rows.");
			context.getBean(SkillsRegistry.class).reload();
			ToolCallback[] tools = provider.getToolCallbacks();
			assertThat(names(tools)).containsExactly("activate_skill", "read_skill_resource");
			assertThat(tools[0].getToolDefinition().inputSchema())
				.contains("\"enum\":[\"csv-cleaning\",\"pdf-processing\"]");
			assertThat(tools[1].call("{\"skill_name\":\"csv-cleaning\",\"path\":\"references/RULES.md\"}"))
				.isEqualTo("No empty rows.");
		});
	}

	@Test
	void whenThereAreNoSkillsThenToolCallbackProviderHasNoTools() {
		this.contextRunner.withPropertyValues("skills.skills-dir=" + this.dir)
			.run((context) -> assertThat(
					context.getBean("skillsToolCallbackProvider", ToolCallbackProvider.class).getToolCallbacks())
				.isEmpty());
	}

	@Test
	void whenUserDefinesSkillsAdvisorThenAutoConfiguredAdvisorBacksOffAndTheBuilderGetsTheUsersAdvisor() {
		ScriptedChatModel model = new ScriptedChatModel().thenAnswer("ok");
		this.chatClientRunner.withPropertyValues(skillsDir())
			.withBean(ScriptedChatModel.class, () -> model)
			.withBean("mySkillsAdvisor", SkillsAdvisor.class, () -> SkillsAdvisor
				.builder(SkillsRegistry.create(
						dev.skills.core.SkillConfig.builder().skillsDir(this.dir.resolve("other").toString()).build()))
				.build())
			.run((context) -> {
				assertThat(context).hasSingleBean(SkillsAdvisor.class).hasBean("mySkillsAdvisor");
				context.getBean(ChatClient.Builder.class)
					.build()
					.prompt()
					.system("You help.")
					.user("Hi")
					.call()
					.content();
				// The user's advisor sees an empty folder: no catalog, which the
				// auto-configured one would add.
				assertThat(model.prompts().get(0).getSystemMessage().getText()).isEqualTo("You help.");
			});
	}

	@Test
	void whenUserDefinesSkillsToolsThenAutoConfiguredToolsBackOffAndTheProviderUsesThem() {
		List<SkillInvocation> seen = UserTools.seen;
		seen.clear();
		this.contextRunner.withPropertyValues(skillsDir()).withUserConfiguration(UserTools.class).run((context) -> {
			assertThat(context).hasSingleBean(SkillsTools.class).hasBean("myTools");
			ToolCallback activate = context.getBean("skillsToolCallbackProvider", ToolCallbackProvider.class)
				.getToolCallbacks()[0];
			activate.call("{\"skill_name\":\"pdf-processing\"}");
			assertThat(seen).extracting(SkillInvocation::skillName).containsExactly("pdf-processing");
		});
	}

	@Test
	void whenUserDefinesBeanNamedSkillsToolCallbackProviderThenAutoConfiguredProviderBacksOff() {
		ToolCallbackProvider mine = () -> new ToolCallback[0];
		this.contextRunner.withPropertyValues(skillsDir())
			.withBean("skillsToolCallbackProvider", ToolCallbackProvider.class, () -> mine)
			.run((context) -> {
				assertThat(context).doesNotHaveBean(SkillsToolCallbackProvider.class);
				assertThat(context.getBean("skillsToolCallbackProvider")).isSameAs(mine);
			});
	}

	@Test
	void whenUserDefinesBeanNamedSkillsChatClientBuilderCustomizerThenTheBuilderIsLeftToIt() {
		ScriptedChatModel model = new ScriptedChatModel().thenAnswer("ok");
		this.chatClientRunner.withPropertyValues(skillsDir())
			.withBean(ScriptedChatModel.class, () -> model)
			.withBean("skillsChatClientBuilderCustomizer", ChatClientBuilderCustomizer.class,
					() -> (builder) -> builder.defaultSystem("Mine."))
			.run((context) -> {
				context.getBean(ChatClient.Builder.class).build().prompt().user("Hi").call().content();
				assertThat(model.prompts().get(0).getSystemMessage().getText()).isEqualTo("Mine.");
			});
	}

	@Test
	void whenListenerBeansExistThenEveryToolCallGoesThroughThemInOrder() {
		this.contextRunner.withPropertyValues(skillsDir())
			.withUserConfiguration(OrderedListeners.class)
			.run((context) -> {
				ToolCallback activate = context.getBean("skillsToolCallbackProvider", ToolCallbackProvider.class)
					.getToolCallbacks()[0];
				String result = activate.call("{\"skill_name\":\"pdf-processing\"}");
				assertThat(result).endsWith("[first][second]");
			});
	}

	@Test
	void whenObservationRegistryExistsThenSkillToolCallsAreObserved() {
		TestObservationRegistry observations = TestObservationRegistry.create();
		this.contextRunner.withPropertyValues(skillsDir())
			.withBean(TestObservationRegistry.class, () -> observations)
			.run((context) -> {
				context.getBean("skillsToolCallbackProvider", ToolCallbackProvider.class).getToolCallbacks()[0]
					.call("{\"skill_name\":\"pdf-processing\"}");
				TestObservationRegistryAssert.assertThat(observations)
					.hasObservationWithNameEqualTo(SkillsObservationDocumentation.SKILL_ACTIVATION.getName())
					.that()
					.hasLowCardinalityKeyValue("gen_ai.skill.name", "pdf-processing");
			});
	}

	@Test
	void whenAToolNamesASkillThatDoesNotExistThenTheObservationTagsItUnknown() {
		TestObservationRegistry observations = TestObservationRegistry.create();
		this.contextRunner.withPropertyValues(skillsDir())
			.withBean(TestObservationRegistry.class, () -> observations)
			.run((context) -> {
				context.getBean("skillsToolCallbackProvider", ToolCallbackProvider.class).getToolCallbacks()[0]
					.call("{\"skill_name\":\"made-up-by-the-model\"}");
				TestObservationRegistryAssert.assertThat(observations)
					.hasObservationWithNameEqualTo(SkillsObservationDocumentation.SKILL_ACTIVATION.getName())
					.that()
					.hasLowCardinalityKeyValue("gen_ai.skill.name", "unknown")
					.hasLowCardinalityKeyValue("skills.outcome", "not_found");
			});
	}

	@Test
	void whenSkillsArePreloadedThenEveryCallGetsTheirInstructions() {
		ScriptedChatModel model = new ScriptedChatModel().thenAnswer("ok");
		this.chatClientRunner.withPropertyValues(skillsDir(), "skills.preload=pdf-processing")
			.withBean(ScriptedChatModel.class, () -> model)
			.run((context) -> {
				context.getBean(ChatClient.Builder.class).build().prompt().user("Hi").call().content();
				assertThat(model.prompts().get(0).getSystemMessage().getText()).contains("### Skill: pdf-processing",
						"Use the forms guide.");
			});
	}

	@Test
	void whenModeIsSessionThenTheSkillNamedInTheRequestContextIsInjectedWithoutCatalog() {
		ScriptedChatModel model = new ScriptedChatModel().thenAnswer("ok");
		this.chatClientRunner.withPropertyValues(skillsDir(), "skills.mode=session", "skills.preload-from=SKILL_NAME")
			.withBean(ScriptedChatModel.class, () -> model)
			.run((context) -> {
				askWithSkill(context.getBean(ChatClient.Builder.class), "pdf-processing");
				Prompt prompt = model.prompts().get(0);
				String system = prompt.getInstructions()
					.stream()
					.filter(SystemMessage.class::isInstance)
					.map(Message::getText)
					.reduce("", String::concat);
				assertThat(system).contains("<skill_content name=\"pdf-processing\">", "Use the forms guide.")
					.doesNotContain("<available_skills>");
				// Listed only to refuse a call: a model that calls it reads why.
				assertThat(((ToolCallingChatOptions) prompt.getOptions()).getToolCallbacks())
					.filteredOn((tool) -> tool.getToolDefinition().name().equals("activate_skill"))
					.singleElement()
					.satisfies((tool) -> assertThat(tool.getToolDefinition().description())
						.startsWith("Not available now: activate_skill is not available in session mode"));
			});
	}

	@Test
	void whenModeIsSessionThenPinsAreCountedInTheUsageButHeardByNoListener() {
		ScriptedChatModel model = new ScriptedChatModel().thenAnswer("ok");
		List<SkillInvocation> seen = new ArrayList<>();
		this.chatClientRunner.withPropertyValues(skillsDir(), "skills.mode=session", "skills.preload-from=SKILL_NAME")
			.withBean(ScriptedChatModel.class, () -> model)
			.withBean(SkillInvocationListener.class, () -> recording(seen))
			.withUserConfiguration(UsageConfiguration.class)
			.run((context) -> {
				askWithSkill(context.getBean(ChatClient.Builder.class), "pdf-processing");
				SkillsRegistry registry = context.getBean(SkillsRegistry.class);
				assertThat(context.getBean(SkillUsage.class).usage(registry.snapshot(), 10).activated())
					.extracting(SkillUsage.Activated::name)
					.containsExactly("pdf-processing");
				assertThat(seen).isEmpty();
			});
	}

	private static void askWithSkill(ChatClient.Builder builder, String skill) {
		builder.build().prompt().user("Hi").advisors((a) -> a.param("SKILL_NAME", skill)).call().content();
	}

	private static List<String> toolNames(Prompt prompt) {
		if (!(prompt.getOptions() instanceof ToolCallingChatOptions options) || options.getToolCallbacks() == null) {
			return List.of();
		}
		return options.getToolCallbacks().stream().map((tool) -> tool.getToolDefinition().name()).toList();
	}

	private static List<String> names(ToolCallback[] tools) {
		return Arrays.stream(tools).map((tool) -> tool.getToolDefinition().name()).toList();
	}

	private static SkillInvocationListener recording(List<SkillInvocation> seen) {
		return new SkillInvocationListener() {
			@Override
			public SkillInvocation before(SkillInvocation invocation) {
				seen.add(invocation);
				return invocation;
			}
		};
	}

	@org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
	static class UserTools {

		static final List<SkillInvocation> seen = new java.util.concurrent.CopyOnWriteArrayList<>();

		@org.springframework.context.annotation.Bean
		SkillsTools myTools(SkillsRegistry registry, ActiveSkillsRepository activeSkills) {
			return SkillsTools.builder(registry)
				.activeSkillsRepository(activeSkills)
				.listeners(List.of(recording(seen)))
				.build();
		}

	}

	@org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
	static class OrderedListeners {

		@org.springframework.context.annotation.Bean
		@Order(2)
		SkillInvocationListener second() {
			return suffix("[second]");
		}

		@org.springframework.context.annotation.Bean
		@Order(1)
		SkillInvocationListener first() {
			return suffix("[first]");
		}

		private static SkillInvocationListener suffix(String suffix) {
			return new SkillInvocationListener() {
				@Override
				public String after(SkillInvocation invocation, String result, Outcome outcome) {
					return result + suffix;
				}
			};
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UsageConfiguration {

		@Bean
		SkillUsage skillUsage(SkillsRegistry registry) {
			return new SkillUsage(registry, Clock.systemUTC());
		}

	}

}
