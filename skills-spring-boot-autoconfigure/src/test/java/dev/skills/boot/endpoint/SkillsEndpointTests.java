package dev.skills.boot.endpoint;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import dev.skills.boot.endpoint.SkillsEndpoint.Diagnostic;
import dev.skills.boot.endpoint.SkillsEndpoint.ReloadDescriptor;
import dev.skills.boot.endpoint.SkillsEndpoint.SkillDescriptor;
import dev.skills.boot.endpoint.SkillsEndpoint.SkillSummary;
import dev.skills.boot.endpoint.SkillsEndpoint.SkillsDescriptor;
import dev.skills.core.SkillConfig;
import dev.skills.core.lock.SkillsLock;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.set.SkillSets;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class SkillsEndpointTests {

	@TempDir
	Path dir;

	private SkillsRegistry registry;

	@AfterEach
	void closeRegistry() {
		if (this.registry != null) {
			this.registry.close();
		}
	}

	private SkillsRegistry registry(SkillConfig.Builder config) {
		this.registry = SkillsRegistry.create(config.build());
		return this.registry;
	}

	private SkillsRegistry registry(String... locations) {
		return registry(SkillConfig.builder().skillsDir(locations));
	}

	@Test
	void whenAReloadHappensBetweenTheEndpointsReadsThenOneSkillResponseShowsOneGeneration() throws IOException {
		Path alpha = SkillFixtures.skill(this.dir, "alpha", "First.", "Alpha's steps.");
		SkillFixtures.file(alpha, "references/GUIDE.md", "Guide.");
		SkillConfig config = SkillConfig.builder().skillsDir(this.dir.toString()).build();
		boolean[] reloaded = new boolean[1];
		// The first snapshot the endpoint takes is followed at once by a reload that
		// renames the skill: reads that went back to the registry would see no 'alpha'.
		this.registry = new SkillsRegistry(config) {

			@Override
			public SkillsSnapshot snapshot() {
				SkillsSnapshot snapshot = super.snapshot();
				if (snapshot.generation() > 0 && !reloaded[0]) {
					reloaded[0] = true;
					SkillFixtures.file(alpha, "SKILL.md", "---\nname: beta\ndescription: Renamed.\n---\nBeta.\n");
					refresh(List.of(alpha.resolve("SKILL.md")));
				}
				return snapshot;
			}

		};
		// Read once, so that the first generation's instructions are cached.
		reloaded[0] = true;
		this.registry.discover(config.skillsDir());
		this.registry.snapshot().load("alpha");
		reloaded[0] = false;

		SkillDescriptor descriptor = new SkillsEndpoint(this.registry, true).skill("alpha");

		assertThat(reloaded[0]).isTrue();
		assertThat(this.registry.names()).containsExactly("beta");
		assertThat(descriptor.description()).isEqualTo("First.");
		assertThat(descriptor.files()).containsExactly("references/GUIDE.md");
		assertThat(descriptor.instructions()).isEqualTo("Alpha's steps.");
	}

	@Test
	void whenSkillsAreListedThenTheRegistryStateAndEverySkillAreDescribed() {
		Path pdf = SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Use the forms guide.");
		SkillFixtures.file(pdf, "references/FORMS.md", "Fill every field.");
		SkillFixtures.file(pdf, "scripts/fill.py", "print('x')");
		SkillFixtures.skill(this.dir, "csv-cleaning", "Clean CSV files.", "Trim.");
		Path missing = this.dir.resolve("missing");
		SkillsRegistry registry = registry(this.dir.toString(), missing.toString());

		SkillsDescriptor descriptor = new SkillsEndpoint(registry, false).skills();

		assertThat(descriptor.mode()).isEqualTo("on-demand");
		assertThat(descriptor.hotReload()).isFalse();
		assertThat(descriptor.locations()).containsExactly(this.dir.toString(), missing.toString());
		assertThat(descriptor.generation()).isEqualTo(registry.snapshot().generation()).isPositive();
		assertThat(descriptor.lastReload()).isEqualTo(registry.snapshot().createdAt());
		assertThat(descriptor.skills()).extracting(SkillSummary::name)
			.containsExactly("csv-cleaning", "pdf-processing");
		SkillSummary summary = descriptor.skills().get(1);
		assertThat(summary.description()).isEqualTo("Work with PDFs.");
		assertThat(summary.location()).isEqualTo(pdf.resolve("SKILL.md").toString());
		assertThat(summary.source()).isEqualTo(pdf.toString());
		assertThat(summary.builtin()).isFalse();
		assertThat(summary.files()).isEqualTo(2);
		assertThat(summary.diagnostics()).isEmpty();
		assertThat(descriptor.skills().get(0).files()).isZero();
		assertThat(descriptor.diagnostics())
			.containsExactly(new Diagnostic("warning", missing.toString(), null, "Skill location does not exist"));
	}

	@Test
	void summaryShowsDigestAndVersion() throws IOException {
		Path pdf = SkillFixtures.skillWithFrontmatter(this.dir, "pdf-processing", "metadata:\n  version: \"1.2\"",
				"Steps.");
		SkillFixtures.skill(this.dir, "csv-cleaning");
		String digest = SkillsLock.digest(pdf, List.of("SKILL.md"));
		SkillsLock lock = SkillsLock.of(List.of(new SkillsLock.Entry("pdf-processing", digest, "skills")));
		SkillsRegistry registry = registry(
				SkillConfig.builder().skillsDir(this.dir.toString()).lock(lock, SkillsLock.Mode.WARN));

		List<SkillSummary> skills = new SkillsEndpoint(registry, false).skills().skills();

		assertThat(skills).extracting(SkillSummary::name, SkillSummary::version)
			.containsExactly(tuple("csv-cleaning", null), tuple("pdf-processing", "1.2"));
		assertThat(skills.get(1).digest()).isEqualTo("sha256:" + digest);
		assertThat(skills.get(0).digest()).startsWith("sha256:").isNotEqualTo(skills.get(1).digest());
		assertThat(new SkillsEndpoint(registry(this.dir.toString()), false).skills().skills())
			.extracting(SkillSummary::digest)
			.containsOnlyNulls();
	}

	@Test
	void whenASkillHasDiagnosticsThenItsSummaryListsThemAndSoDoesTheWholeList() {
		SkillFixtures.rawSkill(this.dir, "pdf-processing",
				"---\nname: pdf-processing\ndescription: Work with PDFs.\nauthor: someone\n---\nBody.\n");
		SkillFixtures.rawSkill(this.dir, "broken", "---\nname: broken\n---\nNo description.\n");
		SkillFixtures.skill(this.dir, "csv-cleaning", "Clean CSV files.", "Trim.");
		SkillsRegistry registry = registry(this.dir.toString());

		SkillsDescriptor descriptor = new SkillsEndpoint(registry, false).skills();

		String pdfFile = this.dir.resolve("pdf-processing/SKILL.md").toString();
		String brokenFile = this.dir.resolve("broken/SKILL.md").toString();
		SkillSummary pdf = descriptor.skills()
			.stream()
			.filter((s) -> s.name().equals("pdf-processing"))
			.findFirst()
			.orElseThrow();
		assertThat(pdf.diagnostics()).isNotEmpty().allSatisfy((d) -> assertThat(d.file()).isEqualTo(pdfFile));
		assertThat(pdf.diagnostics()).anySatisfy((d) -> assertThat(d.message()).contains("author"));
		assertThat(descriptor.skills()).extracting(SkillSummary::name).doesNotContain("broken");
		assertThat(descriptor.diagnostics()).containsAll(pdf.diagnostics()).anySatisfy((d) -> {
			assertThat(d.severity()).isEqualTo("error");
			assertThat(d.file()).isEqualTo(brokenFile);
			assertThat(d.message()).contains("description");
		});
		assertThat(descriptor.diagnostics()).hasSize(registry.diagnostics().size());
	}

	@Test
	void whenModeIsSessionAndHotReloadIsOnThenTheListSaysSo() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		SkillsRegistry registry = registry(SkillConfig.builder().skillsDir(this.dir.toString()).hotReload(true));

		SkillsDescriptor descriptor = new SkillsEndpoint(registry, SkillConfig.Mode.SESSION, false, null, null, null,
				SkillSets.NONE, null)
			.skills();

		assertThat(descriptor.mode()).isEqualTo("session");
		assertThat(descriptor.hotReload()).isTrue();
	}

	@Test
	void whenOneSkillIsAskedForThenItsFrontmatterAndFilesAreDescribedWithoutInstructions() {
		Path pdf = SkillFixtures.rawSkill(this.dir, "pdf-processing", """
				---
				name: pdf-processing
				description: Work with PDFs.
				license: Apache-2.0
				compatibility: Needs Python 3
				metadata:
				  author: someone
				  version: "1.0"
				allowed-tools: Read Bash(python:*)
				disallowed-tools: [Write]
				when_to_use: When a PDF form must be filled.
				owner: team-a
				---
				Use the forms guide.
				""");
		SkillFixtures.file(pdf, "references/FORMS.md", "Fill every field.");
		SkillsRegistry registry = registry(this.dir.toString());

		SkillDescriptor skill = new SkillsEndpoint(registry, false).skill("pdf-processing");

		assertThat(skill).isNotNull();
		assertThat(skill.name()).isEqualTo("pdf-processing");
		assertThat(skill.description()).isEqualTo("Work with PDFs.");
		assertThat(skill.license()).isEqualTo("Apache-2.0");
		assertThat(skill.compatibility()).isEqualTo("Needs Python 3");
		assertThat(skill.metadata()).containsExactly(entry("author", "someone"), entry("version", "1.0"));
		assertThat(skill.allowedTools()).containsExactly("Read", "Bash(python:*)");
		assertThat(skill.disallowedTools()).containsExactly("Write");
		assertThat(skill.whenToUse()).isEqualTo("When a PDF form must be filled.");
		assertThat(skill.extraFields()).containsEntry("owner", "team-a");
		assertThat(skill.location()).isEqualTo(pdf.resolve("SKILL.md").toString());
		assertThat(skill.source()).isEqualTo(pdf.toString());
		assertThat(skill.builtin()).isFalse();
		assertThat(skill.files()).containsExactly("references/FORMS.md");
		assertThat(skill.diagnostics()).anySatisfy((d) -> assertThat(d.message()).contains("owner"));
		assertThat(skill.instructions()).isNull();
	}

	@Test
	void whenShowInstructionsIsOnThenOneSkillIncludesItsInstructions() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Use the forms guide.");
		SkillDescriptor skill = new SkillsEndpoint(registry(this.dir.toString()), true).skill("pdf-processing");
		assertThat(skill.instructions()).isEqualTo("Use the forms guide.");
	}

	@Test
	void whenAnUnknownSkillIsAskedForThenNothingIsReturned() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		assertThat(new SkillsEndpoint(registry(this.dir.toString()), true).skill("nope")).isNull();
	}

	@Test
	void whenSkillsChangeOnDiskThenReloadReturnsWhatChanged() throws IOException {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		SkillFixtures.skill(this.dir, "csv-cleaning", "Clean CSV files.", "Trim.");
		SkillsRegistry registry = registry(this.dir.toString());
		SkillsEndpoint endpoint = new SkillsEndpoint(registry, false);
		long before = endpoint.skills().generation();

		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDF files and forms.", "Body.");
		SkillFixtures.skill(this.dir, "json-tools", "Shape JSON.", "Use jq.");
		deleteTree(this.dir.resolve("csv-cleaning"));
		ReloadDescriptor reload = endpoint.reload();

		assertThat(reload.added()).containsExactly("json-tools");
		assertThat(reload.changed()).containsExactly("pdf-processing");
		assertThat(reload.removed()).containsExactly("csv-cleaning");
		assertThat(reload.generation()).isGreaterThan(before);
		SkillsDescriptor after = endpoint.skills();
		assertThat(after.generation()).isEqualTo(reload.generation());
		assertThat(after.skills()).extracting(SkillSummary::name).containsExactly("json-tools", "pdf-processing");
		assertThat(endpoint.skill("pdf-processing").description()).isEqualTo("Work with PDF files and forms.");
	}

	@Test
	void whenNothingChangedThenReloadReturnsNothingAndKeepsTheGeneration() {
		SkillFixtures.skill(this.dir, "pdf-processing", "Work with PDFs.", "Body.");
		SkillsEndpoint endpoint = new SkillsEndpoint(registry(this.dir.toString()), false);
		long before = endpoint.skills().generation();
		ReloadDescriptor reload = endpoint.reload();
		assertThat(reload.added()).isEmpty();
		assertThat(reload.changed()).isEmpty();
		assertThat(reload.removed()).isEmpty();
		assertThat(reload.generation()).isEqualTo(before);
	}

	@Test
	void whenASkillComesFromAJarThenItsSourceIsTheJar() throws IOException {
		Path jar = this.dir.resolve("skills.jar");
		try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
			for (String folder : List.of("META-INF/", "META-INF/skills/", "META-INF/skills/jarred/",
					"META-INF/skills/jarred/references/")) {
				out.putNextEntry(new JarEntry(folder));
				out.closeEntry();
			}
			write(out, "META-INF/skills/jarred/SKILL.md", "---\nname: jarred\ndescription: From a jar.\n---\nBody.\n");
			write(out, "META-INF/skills/jarred/references/A.md", "A");
		}
		try (URLClassLoader loader = new URLClassLoader(new URL[] { jar.toUri().toURL() }, null)) {
			this.registry = new SkillsRegistry(SkillConfig.builder().skillsDir("classpath*:META-INF/skills/").build(),
					new PathMatchingResourcePatternResolver(loader));
			this.registry.discover(this.registry.config().skillsDir());
			SkillsEndpoint endpoint = new SkillsEndpoint(this.registry, false);

			SkillSummary summary = endpoint.skills().skills().get(0);
			assertThat(summary.name()).isEqualTo("jarred");
			assertThat(summary.location()).startsWith("jar:").endsWith("!/META-INF/skills/jarred/SKILL.md");
			assertThat(summary.source()).startsWith("jar:").endsWith("skills.jar").doesNotContain("!/");
			assertThat(summary.files()).isEqualTo(1);
			assertThat(endpoint.skill("jarred").files()).containsExactly("references/A.md");
		}
	}

	private static void write(JarOutputStream out, String name, String text) throws IOException {
		out.putNextEntry(new JarEntry(name));
		out.write(text.getBytes(StandardCharsets.UTF_8));
		out.closeEntry();
	}

	private static java.util.Map.Entry<String, String> entry(String key, String value) {
		return java.util.Map.entry(key, value);
	}

	private static void deleteTree(Path root) throws IOException {
		try (var paths = Files.walk(root)) {
			for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
				Files.delete(path);
			}
		}
	}

}
