// Command k8s-check checks the deployment files the way the real tools read them (README, 'Containers and
// Kubernetes'; run by k8s/validate.js on every `npm test`):
//
//	k8s-check render <kustomization dir>   prints the objects kustomize renders, as YAML
//	k8s-check objects <kustomization dir>  renders, then decodes every object strictly into the Kubernetes
//	                                       API types: an unknown or duplicate field, a wrong type or an
//	                                       unknown kind is an error naming the object
//	k8s-check compose <compose file> <env file>  loads the file with compose-go (the Compose
//	                                       specification's own loader and schema)
//
// Exit status 0 when the check passes, 1 with the reasons on stderr otherwise.
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"

	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer/json"
	gatewayv1 "sigs.k8s.io/gateway-api/apis/v1"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

func main() {
	if len(os.Args) < 3 {
		fail("usage: k8s-check render|objects <dir> | compose <file> <env file>")
	}
	switch os.Args[1] {
	case "render":
		yaml, _ := render(os.Args[2])
		os.Stdout.Write(yaml)
	case "objects":
		checkObjects(os.Args[2])
	case "compose":
		if len(os.Args) < 4 {
			fail("usage: k8s-check compose <file> <env file>")
		}
		checkCompose(os.Args[2], os.Args[3])
	default:
		fail("unknown command " + os.Args[1])
	}
}

func fail(message string) {
	fmt.Fprintln(os.Stderr, message)
	os.Exit(1)
}

// render runs kustomize (its library, as `kubectl kustomize` does) on dir.
func render(dir string) ([]byte, []string) {
	kustomizer := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	resources, err := kustomizer.Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		fail(fmt.Sprintf("%s: kustomize: %v", dir, err))
	}
	yaml, err := resources.AsYaml()
	if err != nil {
		fail(fmt.Sprintf("%s: %v", dir, err))
	}
	var documents []string
	for _, resource := range resources.Resources() {
		document, err := resource.AsYAML()
		if err != nil {
			fail(fmt.Sprintf("%s: %s: %v", dir, resource.CurId(), err))
		}
		documents = append(documents, string(document))
	}
	return yaml, documents
}

// checkObjects decodes every rendered object strictly into its API type.
func checkObjects(dir string) {
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{
		corev1.AddToScheme, appsv1.AddToScheme, autoscalingv2.AddToScheme,
		networkingv1.AddToScheme, policyv1.AddToScheme,
		// PodMonitor and PrometheusRule (the monitoring component), in the Prometheus Operator's own types.
		monitoringv1.AddToScheme,
		// Gateway and HTTPRoute (the public entry), in the Gateway API's own types.
		gatewayv1.Install,
	} {
		if err := add(scheme); err != nil {
			fail(err.Error())
		}
	}
	strict := json.NewSerializerWithOptions(json.DefaultMetaFactory, scheme, scheme,
		json.SerializerOptions{Yaml: true, Strict: true})
	_, documents := render(dir)
	var problems []string
	kinds := map[string]int{}
	for _, document := range documents {
		object, kind, err := strict.Decode([]byte(document), nil, nil)
		name := firstLine(document, "name:")
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s %s: %v", kindOf(document), name, err))
			continue
		}
		kinds[kind.Kind]++
		_ = object
	}
	if len(problems) > 0 {
		fail(fmt.Sprintf("%s: %d of %d objects do not decode strictly:\n  %s", filepath.Clean(dir),
			len(problems), len(documents), strings.Join(problems, "\n  ")))
	}
	fmt.Printf("%s: %d objects decoded strictly %v\n", filepath.Clean(dir), len(documents), kinds)
}

// checkCompose loads the compose file with the variables of envFile (.env.example); a secret the example
// leaves empty (required by `${VAR:?}`) gets a placeholder, since only the file's shape is checked here.
func checkCompose(file string, envFile string) {
	example, err := os.ReadFile(envFile)
	if err != nil {
		fail(err.Error())
	}
	var environment []string
	for _, line := range strings.Split(string(example), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || !strings.Contains(line, "=") {
			continue
		}
		name, value, _ := strings.Cut(line, "=")
		if value == "" {
			value = "placeholder-for-the-check"
		}
		environment = append(environment, name+"="+value)
	}
	options, err := cli.NewProjectOptions([]string{file},
		cli.WithWorkingDirectory(filepath.Dir(file)),
		cli.WithEnv(environment),
		cli.WithName("pulse"),
	)
	if err != nil {
		fail(err.Error())
	}
	project, err := options.LoadProject(context.Background())
	if err != nil {
		fail(fmt.Sprintf("%s: %v", file, err))
	}
	fmt.Printf("%s: %d services loaded by compose-go\n", file, len(project.Services))
}

func kindOf(document string) string { return firstLine(document, "kind:") }

// firstLine returns the value of the first top-level-looking `key value` line, for messages only.
func firstLine(document string, key string) string {
	for _, line := range strings.Split(document, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, key) {
			return strings.TrimSpace(strings.TrimPrefix(trimmed, key))
		}
	}
	return "?"
}
