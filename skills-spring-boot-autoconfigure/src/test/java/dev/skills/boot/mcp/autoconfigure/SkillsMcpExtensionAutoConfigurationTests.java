package dev.skills.boot.mcp.autoconfigure;

import java.nio.file.Path;

import dev.skills.boot.autoconfigure.SkillsAutoConfiguration;
import dev.skills.mcp.server.SkillsExtensionServer;
import dev.skills.test.SkillFixtures;
import io.modelcontextprotocol.modern.server.transport.HttpServletMcpTransport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.servlet.ServletRegistrationBean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When {@link SkillsMcpExtensionAutoConfiguration} mounts the Skills Extension endpoint,
 * where, and when it backs off. {@link SkillsMcpExtensionServingTests} talks to it.
 */
@ExtendWith(OutputCaptureExtension.class)
class SkillsMcpExtensionAutoConfigurationTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(SkillsAutoConfiguration.class, SkillsMcpExtensionAutoConfiguration.class))
		.withPropertyValues("skills.mcp.modern.enabled=true");

	@TempDir
	Path skills;

	@BeforeEach
	void writeSkills() {
		SkillFixtures.skill(this.skills, "pdf-processing", "Read PDF forms", "# PDF");
	}

	private String skillsDir() {
		return "skills.skills-dir=" + this.skills;
	}

	@Test
	void mountedAtTheDefaultPath() {
		this.contextRunner.withPropertyValues(skillsDir()).run((context) -> {
			assertThat(context).hasSingleBean(SkillsExtensionServer.class);
			assertThat(context.getBean(ServletRegistrationBean.class).getUrlMappings()).containsExactly("/mcp/skills");
			assertThat(context.getBean(ServletRegistrationBean.class).getServlet())
				.isSameAs(context.getBean(SkillsExtensionServer.class).servlet());
		});
	}

	@Test
	void mountedAtTheConfiguredPath() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.mcp.modern.path=/skills-ext")
			.run((context) -> assertThat(context.getBean(ServletRegistrationBean.class).getUrlMappings())
				.containsExactly("/skills-ext"));
	}

	@Test
	void offByDefault() {
		new WebApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(SkillsAutoConfiguration.class, SkillsMcpExtensionAutoConfiguration.class))
			.withPropertyValues(skillsDir())
			.run((context) -> assertThat(context).doesNotHaveBean(SkillsExtensionServer.class)
				.doesNotHaveBean(ServletRegistrationBean.class));
	}

	@Test
	void offWhenSkillsAreDisabled() {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(SkillsExtensionServer.class));
	}

	@Test
	void offOutsideAServletApplication() {
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(SkillsAutoConfiguration.class, SkillsMcpExtensionAutoConfiguration.class))
			.withPropertyValues(skillsDir(), "skills.mcp.modern.enabled=true")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(SkillsExtensionServer.class));
	}

	@Test
	void offWithAnSdkBeforeTwoTwo() {
		// MCP SDK 2.0.x, as Spring AI's BOM manages it, has no modern server.
		this.contextRunner.withClassLoader(new FilteredClassLoader(HttpServletMcpTransport.class))
			.withPropertyValues(skillsDir())
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(SkillsExtensionServer.class));
	}

	@Test
	void offWithoutSkillsMcp() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(SkillsExtensionServer.class))
			.withPropertyValues(skillsDir())
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(ServletRegistrationBean.class));
	}

	@Test
	void wildcardPathFailsClearly(CapturedOutput output) {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.mcp.modern.path=/mcp/*")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("path must start with '/' and name one endpoint")
				.hasMessageContaining("'/mcp/*'"));
		assertThat(output).contains("Error creating bean with name 'skillsExtensionServer'");
	}

	@Test
	void zeroPageSizeFailsClearly(CapturedOutput output) {
		this.contextRunner.withPropertyValues(skillsDir(), "skills.mcp.modern.page-size=0")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("pageSize must be from 1 to 10000, not 0"));
		assertThat(output).contains("Error creating bean with name 'skillsExtensionServer'");
	}

}
