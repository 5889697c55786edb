package dev.skills.boot.mcp.autoconfigure;

import java.nio.file.Path;

import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.boot.autoconfigure.SkillsChatClientAutoConfiguration;
import dev.skills.boot.autoconfigure.StartupFailures;
import dev.skills.boot.sets.autoconfigure.SkillSetsAutoConfiguration;
import dev.skills.mcp.server.McpSkillsPublisher;
import dev.skills.mcp.server.SkillUris;
import dev.skills.test.SkillFixtures;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.mcp.server.common.autoconfigure.McpServerAutoConfiguration;
import org.springframework.ai.mcp.server.common.autoconfigure.McpServerJsonMapperAutoConfiguration;
import org.springframework.ai.mcp.server.common.autoconfigure.ToolCallbackConverterAutoConfiguration;
import org.springframework.ai.mcp.server.webmvc.autoconfigure.McpServerStreamableHttpWebMvcAutoConfiguration;
import org.springframework.ai.mcp.server.webmvc.transport.WebMvcStreamableServerTransportProvider;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class SkillsMcpServerAutoConfigurationTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SkillsAutoConfiguration.class, SkillsChatClientAutoConfiguration.class,
				McpServerJsonMapperAutoConfiguration.class, McpServerStreamableHttpWebMvcAutoConfiguration.class,
				McpServerAutoConfiguration.class, ToolCallbackConverterAutoConfiguration.class,
				SkillsMcpServerAutoConfiguration.class))
		.withPropertyValues("spring.ai.mcp.server.protocol=STREAMABLE");

	@TempDir
	Path skills;

	@BeforeEach
	void writeSkills() {
		SkillFixtures.file(SkillFixtures.skill(this.skills, "pdf-processing", "Read PDF forms", "# PDF"),
				"references/FORMS.md", "# Forms");
	}

	private String skillsDir() {
		return "skills.skills-dir=" + this.skills;
	}

	@Test
	void whenAnMcpServerRunsThenEverySkillFileAndTheIndexAreResources() {
		this.contextRunner.withPropertyValues(skillsDir()).run((context) -> {
			assertThat(context).hasSingleBean(McpSkillsPublisher.class);
			assertThat(context.getBean(McpSyncServer.class).listResources()).extracting(McpSchema.Resource::uri)
				.containsExactlyInAnyOrder("skill://pdf-processing/SKILL.md",
						"skill://pdf-processing/references/FORMS.md", SkillUris.INDEX);
			assertThat(context.getBean(McpSyncServer.class).listPrompts()).isEmpty();
		});
	}

	@Test
	void whenResourcesAreOffThenNoSkillResourceIsServed() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.mcp.resources=false")
			.run((context) -> assertThat(context.getBean(McpSyncServer.class).listResources()).isEmpty());
	}

	@Test
	void whenPromptsAreOnThenEachSkillIsAPrompt() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.mcp.prompts=true")
			.run((context) -> assertThat(context.getBean(McpSyncServer.class).listPrompts())
				.extracting(McpSchema.Prompt::name, McpSchema.Prompt::description)
				.containsExactly(tuple("pdf-processing", "Read PDF forms")));
	}

	@Test
	void whenTheSkillToolsAreEnabledThenTheServerListsThem() {
		this.contextRunner.withPropertyValues(skillsDir())
			.run((context) -> assertThat(context.getBean(McpSyncServer.class).listTools())
				.extracting(McpSchema.Tool::name)
				.contains("activate_skill", "read_skill_resource"));
	}

	@Test
	void whenTheSetIsUnknownThenStartUpFails() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(SkillSetsAutoConfiguration.class))
			.withPropertyValues(skillsDir(), "skills.sets.billing.include=billing-*", "skills.sets.pdf.include=pdf-*",
					"skills.mcp.set=biling")
			.run((context) -> assertThat(StartupFailures.analyze(context).getDescription())
				.isEqualTo(StartupFailures.invalidValue("skills.mcp.set", "biling",
						"There is no skill set of that name. Set skills.mcp.set to one of billing, pdf.")));
	}

	@Test
	void whenASetIsServedThenOnlyItsSkillsAre() {
		SkillFixtures.skill(this.skills, "billing-refund", "Refund invoices", "# Refund");
		this.contextRunner.withConfiguration(AutoConfigurations.of(SkillSetsAutoConfiguration.class))
			.withPropertyValues(skillsDir(), "skills.sets.billing.include=billing-*", "skills.mcp.set=billing")
			.run((context) -> assertThat(context.getBean(McpSyncServer.class).listResources())
				.extracting(McpSchema.Resource::uri)
				.containsExactlyInAnyOrder("skill://billing-refund/SKILL.md", SkillUris.INDEX));
	}

	@Test
	void whenSkillsMcpIsMissingThenItBacksOff() {
		this.contextRunner.withPropertyValues(skillsDir())
			.withClassLoader(new FilteredClassLoader(McpSkillsPublisher.class))
			.run((context) -> assertThat(context).doesNotHaveBean(McpSkillsPublisher.class));
	}

	@Test
	void whenNoSpringAiMcpServerIsOnTheClassPathThenItBacksOffEvenBesideAnMcpServerBean() {
		new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SkillsAutoConfiguration.class,
					SkillsChatClientAutoConfiguration.class, SkillsMcpServerAutoConfiguration.class))
			.withUserConfiguration(HandMadeServer.class)
			.withPropertyValues(skillsDir())
			.withClassLoader(new FilteredClassLoader(McpServerAutoConfiguration.class))
			.run((context) -> assertThat(context).hasSingleBean(McpSyncServer.class)
				.doesNotHaveBean(McpSkillsPublisher.class));
	}

	@Test
	void whenTheMcpServerIsDisabledThenItBacksOff() {
		this.contextRunner.withPropertyValues(skillsDir(), "spring.ai.mcp.server.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(McpSkillsPublisher.class));
	}

	@Test
	void whenSkillsAreDisabledThenItBacksOff() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(McpSkillsPublisher.class));
	}

	@Configuration(proxyBeanMethods = false)
	static class HandMadeServer {

		@Bean
		McpSyncServer mcpSyncServer() {
			return McpServer.sync(WebMvcStreamableServerTransportProvider.builder().build())
				.capabilities(McpSchema.ServerCapabilities.builder().resources(false, true).build())
				.build();
		}

	}

}
